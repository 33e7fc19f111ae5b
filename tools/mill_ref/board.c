/* millref: the board: tables, move generation, make move, notation, repetition and
 * game ends, perft. */
#include "millref.h"

static int PX[NP] = {1, 4, 7, 2, 4, 6, 3, 4, 5, 1, 2, 3, 5, 6, 7, 3, 4, 5, 2, 4, 6, 1, 4, 7};
static int PY[NP] = {1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7};
u32 ADJ[NP];
u32 LINES[16];
int NLINES;
u32 MILL_AT[NP][2]; /* the two lines through each point */
char NAME[NP][3];

static int index_of_xy(int x, int y) {
    for (int i = 0; i < NP; i++)
        if (PX[i] == x && PY[i] == y) return i;
    return -1;
}

void init_tables(void) {
    /* Lines as board.py builds them: rows then columns, each sorted, cut in threes. */
    NLINES = 0;
    for (int axis = 0; axis < 2; axis++) {
        for (int value = 1; value <= 7; value++) {
            int row[6], k = 0;
            for (int along = 1; along <= 7; along++) {
                int i = axis == 0 ? index_of_xy(along, value) : index_of_xy(value, along);
                if (i >= 0) row[k++] = i;
            }
            for (int start = 0; start + 2 < k; start += 3) {
                int a = row[start], b = row[start + 1], c = row[start + 2];
                LINES[NLINES++] = 1u << a | 1u << b | 1u << c;
                ADJ[a] |= 1u << b;
                ADJ[b] |= 1u << a | 1u << c;
                ADJ[c] |= 1u << b;
            }
        }
    }
    int count[NP] = {0};
    for (int l = 0; l < NLINES; l++)
        for (int p = 0; p < NP; p++)
            if (LINES[l] >> p & 1) MILL_AT[p][count[p]++] = LINES[l];
    for (int p = 0; p < NP; p++) {
        NAME[p][0] = (char)('a' + PX[p] - 1);
        NAME[p][1] = (char)('0' + 8 - PY[p]);
        NAME[p][2] = 0;
    }
}

/* All legal moves ignoring game ends (the caller checks those). */
int gen_moves(const Pos *p, Move *out) {
    int side = p->side;
    u32 own = p->bb[side], opp = p->bb[side ^ 1];
    u32 empty = ALL & ~(own | opp);
    u32 takes = 0;
    int takes_known = 0, n = 0;
#define ADD(src, dst, after)                                   \
    do {                                                       \
        if (opp && closes((after), (dst))) {                   \
            if (!takes_known) takes = removable(opp), takes_known = 1; \
            for (u32 t = takes; t; t &= t - 1) out[n++] = MK((src), (dst), lsb(t)); \
        } else                                                 \
            out[n++] = MK((src), (dst), NONE);                 \
    } while (0)
    if (p->hand[side]) {
        for (u32 e = empty; e; e &= e - 1) {
            int d = lsb(e);
            ADD(NONE, d, own | 1u << d);
        }
    } else if (popc(own) == 3) {
        for (u32 o = own; o; o &= o - 1) {
            int s = lsb(o);
            for (u32 e = empty; e; e &= e - 1) {
                int d = lsb(e);
                ADD(s, d, (own & ~(1u << s)) | 1u << d);
            }
        }
    } else {
        for (u32 o = own; o; o &= o - 1) {
            int s = lsb(o);
            for (u32 e = ADJ[s] & empty; e; e &= e - 1) {
                int d = lsb(e);
                ADD(s, d, (own & ~(1u << s)) | 1u << d);
            }
        }
    }
#undef ADD
    return n;
}

void move_text(Move m, char *buf) {
    int s = MSRC(m), t = MTAKE(m);
    buf[0] = 0;
    if (s != NONE) {
        strcat(buf, NAME[s]);
        strcat(buf, "-");
    }
    strcat(buf, NAME[MDST(m)]);
    if (t != NONE) {
        strcat(buf, "x");
        strcat(buf, NAME[t]);
    }
}

static int point_of(const char *s, int len) {
    if (len != 2) return -1;
    for (int p = 0; p < NP; p++)
        if ((s[0] | 32) == NAME[p][0] && s[1] == NAME[p][1]) return p;
    return -1;
}

/* "d6", "d6-d5", "a4xg7", "d6-d5xa1" -> move, or NOMOVE. */
Move parse_move(const char *text) {
    int len = (int)strlen(text), src = NONE, dst, take = NONE;
    const char *x = NULL;
    for (int i = 0; i < len; i++)
        if ((text[i] | 32) == 'x') x = text + i;
    int head = x ? (int)(x - text) : len;
    if (x) {
        take = point_of(x + 1, len - head - 1);
        if (take < 0) return NOMOVE;
    }
    if (head == 5 && text[2] == '-') {
        src = point_of(text, 2);
        dst = point_of(text + 3, 2);
        if (src < 0) return NOMOVE;
    } else {
        dst = point_of(text, head);
    }
    if (dst < 0) return NOMOVE;
    return MK(src, dst, take);
}

/* ----- game history: the keys of every position, game then search path ---------- */
u64 keys[MAXHIST + MAXPLY + 8];

/* Times the position keys[n] occurred (the window of steps since the last reset). */
int repetitions(int n, int quiet) {
    int count = 0;
    for (int k = 0; k <= quiet && k <= n; k += 2)
        if (keys[n - k] == keys[n]) count++;
    return count;
}

/* The game's rules: 0 = going on, else a reason the player to move has no move. */
const char *game_over(const Pos *p, int n) {
    int side = p->side;
    if (popc(p->bb[side]) + p->hand[side] < 3) return "fewer than three pieces";
    if (repetitions(n, p->quiet) >= 3) return "threefold repetition";
    if (!has_move(p)) return (p->bb[0] | p->bb[1]) == ALL ? "board full" : "blocked";
    if (p->quiet >= QUIET_LIMIT) return "no removal in 100 plies";
    return NULL;
}

u64 perft(Pos *p, int depth, int n) {
    if (depth == 0) return 1;
    int side = p->side;
    if (popc(p->bb[side]) + p->hand[side] < 3 || p->quiet >= QUIET_LIMIT ||
        repetitions(n, p->quiet) >= 3)
        return 0;
    Move list[MAXMOVES];
    int count = gen_moves(p, list);
    if (depth == 1) return (u64)count;
    u64 total = 0;
    for (int i = 0; i < count; i++) {
        Pos child = *p;
        make_move(&child, list[i]);
        keys[n + 1] = pos_key(&child);
        total += perft(&child, depth - 1, n + 1);
    }
    return total;
}
