/* millref: the static evaluation. */
#include "millref.h"

/* ----- evaluation (centi-pieces, for the side to move) ----------------------------- */
#define PIECE 100

/* Per side: material (board + hand); steps, distinct free neighbour points
 * (liberties), blocked and cramped pieces, and a steep danger as steps or liberties run
 * out (blocking decides as many games as mills, and is prepared during placement);
 * complete mills, mills that can open and close again, double mills, twos and threats
 * (empty points the side can fill next move to close a mill). A flying side cannot be
 * blocked and lives by its threats. */
static const int STEP_DANGER[4] = {250, 80, 40, 15};
static const int LIBERTY_DANGER[4] = {250, 100, 50, 20};

typedef struct {
    int score, threats;
} SideEval;

static SideEval side_eval(const Pos *p, int s, u32 empty) {
    u32 own = p->bb[s], opp = p->bb[s ^ 1];
    int n = popc(own), hand = p->hand[s];
    SideEval r = {(n + hand) * PIECE, 0};
    int flying = !hand && n == 3;
    int mills = 0, reclosable = 0, twos = 0;
    u32 threat_points = 0, in_mills = 0;
    for (int l = 0; l < NLINES; l++) {
        u32 m = LINES[l], held = own & m;
        if (held == m) {
            mills++;
            in_mills |= m;
            if (!hand) {
                for (u32 q = m; q; q &= q - 1)
                    if (ADJ[lsb(q)] & empty) {
                        reclosable++;
                        break;
                    }
            }
        } else if (!(opp & m) && popc(held) == 2) {
            u32 third = m & ~held;
            if (hand || flying || (ADJ[lsb(third)] & own & ~m)) threat_points |= third;
            else twos++;
        }
    }
    r.threats = popc(threat_points);
    if (flying) {
        r.score += 4 * mills + 45 * r.threats;
        return r;
    }
    int steps = 0, blocked = 0, cramped = 0, doubles = 0;
    u32 liberties = 0;
    for (u32 o = own; o; o &= o - 1) {
        int q = lsb(o);
        u32 free_ = ADJ[q] & empty;
        int k = popc(free_);
        liberties |= free_;
        steps += k;
        blocked += k == 0;
        cramped += k == 1;
        if (!hand && (in_mills >> q & 1)) {
            u32 after = own & ~(1u << q);
            for (u32 f = free_; f; f &= f - 1)
                if (closes(after | 1u << lsb(f), lsb(f))) {
                    doubles++;
                    break;
                }
        }
    }
    int libs = popc(liberties);
    int danger = steps < 4 ? STEP_DANGER[steps] : 0;
    if (libs < 4 && LIBERTY_DANGER[libs] > danger) danger = LIBERTY_DANGER[libs];
    if (hand) {
        danger /= hand + 1;
        r.score += 12 * mills + 6 * twos + 22 * r.threats + 5 * steps - 13 * blocked - 2 * cramped + 4 * libs;
    } else {
        r.score += 6 * mills + 28 * reclosable + 50 * doubles + 4 * twos + 32 * r.threats + 4 * steps -
                   5 * blocked - 2 * cramped + 4 * libs;
    }
    r.score -= danger;
    return r;
}

int evaluate(const Pos *p) {
    u32 empty = ALL & ~(p->bb[0] | p->bb[1]);
    int s = p->side;
    SideEval me = side_eval(p, s, empty), them = side_eval(p, s ^ 1, empty);
    int v = me.score - them.score + 5;
    if (me.threats) v += 15;
    else if (them.threats >= 2) v -= 40;
    return v;
}
