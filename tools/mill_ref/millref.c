/* millref: a fast Nine Men's Morris searcher, a measurement tool for the project's AI.
 *
 * Build:  cc -O2 -o millref millref.c      (C11, libc only)
 *
 * Rules exactly as the project's RULES.md / engine/games/morris/rules.py: 24 points
 * indexed as RULES.md lists them, 9 pieces each, White first; placement while the
 * mover has pieces in hand, then steps along lines, flying with exactly 3 pieces on
 * board and none in hand. A move completing a mill through the moved piece removes
 * one opposing piece not in a mill (any, if all are in mills; none if the opponent
 * has no piece on the board). The player to move loses with fewer than 3 pieces
 * (board + hand) or with no legal move (a full board is a draw); a position seen a
 * third time (board, side to move, hands) is a draw; 100 plies without a removal or
 * placement is a draw (a placement or removal resets the counter, a step adds one).
 *
 * Protocol (stdin/stdout, one request per line, one answer line each):
 *   go <movetime_ms> <maxdepth> <seed> [moves...] [avoid <move>...]
 *       -> move <notation> depth <d> score <s> nodes <n>
 *       (the root moves after "avoid" are not searched: ask again avoiding the answers so
 *       far to rank the best few moves)
 *   perft <depth> [moves...]  -> perft <count>
 *   quit (or EOF)
 * Any problem (illegal move in the history, a finished game, a bad request) answers
 * "error <reason>".
 *
 * Search: negamax alpha-beta, iterative deepening, principal variation search, late
 * move reductions, a transposition table keyed by the exact position (board, side,
 * hands), mill-closing quiescence, move ordering by TT move, removals, killers and
 * history. Repetition of a position on the search path or in the game (within the
 * current run of steps) scores as a draw. Mate scores count plies.
 */
#define _DEFAULT_SOURCE
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

typedef uint32_t u32;
typedef uint64_t u64;
typedef uint16_t Move; /* src | dst << 5 | take << 10, 31 = none */

#define NP 24
#define ALL 0xFFFFFFu
#define NONE 31
#define NOMOVE 0xFFFF
#define PIECES 9
#define QUIET_LIMIT 100
#define MAXPLY 128
#define MAXMOVES 768
#define MAXHIST 8192
#define INF 32000
#define MATE 30000
#define MATE_BOUND 29000

#define MSRC(m) ((m) & 31)
#define MDST(m) (((m) >> 5) & 31)
#define MTAKE(m) (((m) >> 10) & 31)
#define MK(s, d, t) ((Move)((s) | (d) << 5 | (t) << 10))

static int PX[NP] = {1, 4, 7, 2, 4, 6, 3, 4, 5, 1, 2, 3, 5, 6, 7, 3, 4, 5, 2, 4, 6, 1, 4, 7};
static int PY[NP] = {1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7};
static u32 ADJ[NP];
static u32 LINES[16];
static int NLINES;
static u32 MILL_AT[NP][2]; /* the two lines through each point */
static char NAME[NP][3];

/* SWAR popcount: `cc -O2` without -mpopcnt would call a library routine. */
static inline int popc(u32 x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}
static inline int lsb(u32 x) { return __builtin_ctz(x); }

static int index_of_xy(int x, int y) {
    for (int i = 0; i < NP; i++)
        if (PX[i] == x && PY[i] == y) return i;
    return -1;
}

static void init_tables(void) {
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

/* ----- positions and moves --------------------------------------------------- */
typedef struct {
    u32 bb[2];
    int hand[2];
    int side;
    int quiet;
} Pos;

static inline u64 pos_key(const Pos *p) {
    return (u64)p->bb[0] | (u64)p->bb[1] << 24 | (u64)p->side << 48 | (u64)p->hand[0] << 49 |
           (u64)p->hand[1] << 54;
}

static inline int closes(u32 after, int dst) {
    u32 a = MILL_AT[dst][0], b = MILL_AT[dst][1];
    return (after & a) == a || (after & b) == b;
}

static inline u32 mill_points(u32 own) {
    u32 r = 0;
    for (int l = 0; l < NLINES; l++)
        if ((own & LINES[l]) == LINES[l]) r |= LINES[l];
    return r;
}

static inline u32 removable(u32 pieces) {
    u32 free_ = pieces & ~mill_points(pieces);
    return free_ ? free_ : pieces;
}

/* All legal moves ignoring game ends (the caller checks those). */
static int gen_moves(const Pos *p, Move *out) {
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

static int has_move(const Pos *p) {
    int side = p->side;
    u32 own = p->bb[side];
    u32 empty = ALL & ~(own | p->bb[side ^ 1]);
    if (!empty) return 0;
    if (p->hand[side] || popc(own) == 3) return 1;
    for (u32 o = own; o; o &= o - 1)
        if (ADJ[lsb(o)] & empty) return 1;
    return 0;
}

static inline void make_move(Pos *p, Move m) {
    int side = p->side, s = MSRC(m), d = MDST(m), t = MTAKE(m);
    if (s == NONE) {
        p->hand[side]--;
        p->bb[side] |= 1u << d;
        p->quiet = 0;
    } else {
        p->bb[side] ^= 1u << s | 1u << d;
        p->quiet++;
    }
    if (t != NONE) {
        p->bb[side ^ 1] &= ~(1u << t);
        p->quiet = 0;
    }
    p->side = side ^ 1;
}

static void move_text(Move m, char *buf) {
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
static Move parse_move(const char *text) {
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
static u64 keys[MAXHIST + MAXPLY + 8];

/* Times the position keys[n] occurred (the window of steps since the last reset). */
static int repetitions(int n, int quiet) {
    int count = 0;
    for (int k = 0; k <= quiet && k <= n; k += 2)
        if (keys[n - k] == keys[n]) count++;
    return count;
}

/* The game's rules: 0 = going on, else a reason the player to move has no move. */
static const char *game_over(const Pos *p, int n) {
    int side = p->side;
    if (popc(p->bb[side]) + p->hand[side] < 3) return "fewer than three pieces";
    if (repetitions(n, p->quiet) >= 3) return "threefold repetition";
    if (!has_move(p)) return (p->bb[0] | p->bb[1]) == ALL ? "board full" : "blocked";
    if (p->quiet >= QUIET_LIMIT) return "no removal in 100 plies";
    return NULL;
}

static u64 perft(Pos *p, int depth, int n) {
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

/* ----- transposition table (exact keys, 2-entry buckets) --------------------------- */
typedef struct {
    u64 key;
    Move move;
    int16_t score;
    uint8_t depth;
    uint8_t flag;
    uint16_t gen;
    uint16_t pad;
} TTEntry;

enum { TT_NONE = 0, TT_UPPER = 1, TT_LOWER = 2, TT_EXACT = 3 };
#define TT_BUCKETS_LOG 21
static TTEntry *tt;
static const u64 tt_mask = (1ull << TT_BUCKETS_LOG) - 1;
static uint16_t tt_gen = 1, tt_epoch = 1; /* entries older than the epoch are void */

static inline u64 mix(u64 x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

static void tt_new_search(int clear) {
    if (tt_gen == 0xFFFF) {
        memset(tt, 0, sizeof(TTEntry) * 2 * (tt_mask + 1));
        tt_gen = 0;
        tt_epoch = 1;
        clear = 1;
    }
    tt_gen++;
    if (clear) tt_epoch = tt_gen;
}

static TTEntry *tt_probe(u64 key) {
    TTEntry *b = tt + 2 * (mix(key) & tt_mask);
    for (int j = 0; j < 2; j++)
        if (b[j].key == key && b[j].gen >= tt_epoch && b[j].flag != TT_NONE) return &b[j];
    return NULL;
}

static void tt_store(u64 key, int depth, int score, int flag, Move move, int ply) {
    TTEntry *b = tt + 2 * (mix(key) & tt_mask);
    TTEntry *e;
    if (score >= MATE_BOUND) score += ply;
    else if (score <= -MATE_BOUND) score -= ply;
    if (b[0].key == key || b[0].gen != tt_gen || b[0].gen < tt_epoch || depth >= b[0].depth)
        e = &b[0];
    else
        e = &b[1];
    if (e->key == key && move == NOMOVE) move = e->move;
    e->key = key;
    e->move = move;
    e->score = (int16_t)score;
    e->depth = (uint8_t)(depth < 0 ? 0 : depth);
    e->flag = (uint8_t)flag;
    e->gen = tt_gen;
}

static inline int tt_score(int score, int ply) {
    if (score >= MATE_BOUND) return score - ply;
    if (score <= -MATE_BOUND) return score + ply;
    return score;
}

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

static int evaluate(const Pos *p) {
    u32 empty = ALL & ~(p->bb[0] | p->bb[1]);
    int s = p->side;
    SideEval me = side_eval(p, s, empty), them = side_eval(p, s ^ 1, empty);
    int v = me.score - them.score + 5;
    if (me.threats) v += 15;
    else if (them.threats >= 2) v -= 40;
    return v;
}

/* ----- search ---------------------------------------------------------------------- */
static u64 nodes;
static int stop;
static double deadline; /* seconds, 0 = none */
static Move killers[MAXPLY + 8][2];
static int history_score[2][NP + 1][NP];
static int base_n; /* keys index of the root */

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static inline void check_time(void) {
    if ((nodes & 1023) == 0 && deadline > 0 && now() >= deadline) stop = 1;
}

static int order_score(const Pos *p, Move m, Move tt_move, int ply) {
    if (m == tt_move) return 1 << 30;
    int t = MTAKE(m);
    if (t != NONE) {
        /* prefer removing a piece that threatens or moves a lot */
        u32 opp = p->bb[p->side ^ 1];
        u32 empty = ALL & ~(p->bb[0] | opp);
        int value = 4 * popc(ADJ[t] & empty);
        for (int j = 0; j < 2; j++) {
            u32 line = MILL_AT[t][j];
            if (popc(opp & line) == 2 && (line & empty)) value += 30;
        }
        return (1 << 24) + value;
    }
    if (m == killers[ply][0]) return 1 << 22;
    if (m == killers[ply][1]) return (1 << 22) - 1;
    int s = MSRC(m);
    return history_score[p->side][s == NONE ? NP : s][MDST(m)];
}

static inline void pick(Move *list, int *scores, int i, int count) {
    int best = i;
    for (int j = i + 1; j < count; j++)
        if (scores[j] > scores[best]) best = j;
    if (best != i) {
        Move m = list[i];
        list[i] = list[best];
        list[best] = m;
        int s = scores[i];
        scores[i] = scores[best];
        scores[best] = s;
    }
}

/* The moves that close a mill (each with its removal), for the quiescence search. */
static int gen_closing(const Pos *p, Move *out) {
    int side = p->side;
    u32 own = p->bb[side], opp = p->bb[side ^ 1];
    u32 empty = ALL & ~(own | opp), targets = 0;
    if (!opp) return 0;
    for (int l = 0; l < NLINES; l++) {
        u32 line = LINES[l];
        if (popc(own & line) == 2 && (line & empty)) targets |= line & empty;
    }
    if (!targets) return 0;
    u32 takes = removable(opp);
    int n = 0, placing = p->hand[side] > 0, flying = !placing && popc(own) == 3;
    for (u32 e = targets; e; e &= e - 1) {
        int d = lsb(e);
        if (placing) {
            for (u32 t = takes; t; t &= t - 1) out[n++] = MK(NONE, d, lsb(t));
            continue;
        }
        for (u32 o = own & (flying ? ALL : ADJ[d]); o; o &= o - 1) {
            int s = lsb(o);
            if (closes((own & ~(1u << s)) | 1u << d, d))
                for (u32 t = takes; t; t &= t - 1) out[n++] = MK(s, d, lsb(t));
        }
    }
    return n;
}

static int qsearch(const Pos *p, int alpha, int beta, int ply, int qdepth) {
    nodes++;
    check_time();
    if (stop) return 0;
    int side = p->side;
    if (popc(p->bb[side]) + p->hand[side] < 3) return -MATE + ply;
    if (!has_move(p)) return (p->bb[0] | p->bb[1]) == ALL ? 0 : -MATE + ply;
    if (p->quiet >= QUIET_LIMIT) return 0;
    int stand = evaluate(p);
    if (stand >= beta || qdepth >= 8 || ply >= MAXPLY - 1) return stand;
    Move list[MAXMOVES];
    int k = gen_closing(p, list);
    if (k == 0) return stand;
    if (stand > alpha) alpha = stand;
    int best = stand;
    int scores[MAXMOVES];
    for (int i = 0; i < k; i++) scores[i] = order_score(p, list[i], NOMOVE, ply);
    for (int i = 0; i < k; i++) {
        pick(list, scores, i, k);
        Pos child = *p;
        make_move(&child, list[i]);
        int v = -qsearch(&child, -beta, -alpha, ply + 1, qdepth + 1);
        if (stop) return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                if (v >= beta) break;
            }
        }
    }
    return best;
}

static int negamax(const Pos *p, int depth, int alpha, int beta, int ply, int pv) {
    int n = base_n + ply;
    int side = p->side;
    if (popc(p->bb[side]) + p->hand[side] < 3) {
        nodes++;
        return -MATE + ply;
    }
    /* a position seen before in this run of steps (path or game) is a draw */
    for (int k = 2; k <= p->quiet && k <= n; k += 2)
        if (keys[n - k] == keys[n]) {
            nodes++;
            return 0;
        }
    /* one more ply for a stepping side with at most one step: a block may be near */
    if (!p->hand[side] && ply < MAXPLY / 2 && popc(p->bb[side]) > 3) {
        u32 empty = ALL & ~(p->bb[0] | p->bb[1]);
        int steps = 0;
        for (u32 o = p->bb[side]; o && steps <= 1; o &= o - 1) steps += popc(ADJ[lsb(o)] & empty);
        if (steps <= 1) depth++;
    }
    if (depth <= 0 || ply >= MAXPLY - 2) return qsearch(p, alpha, beta, ply, 0);
    nodes++;
    check_time();
    if (stop) return 0;
    /* mate distance pruning */
    if (alpha < -MATE + ply) alpha = -MATE + ply;
    if (beta > MATE - ply - 1) beta = MATE - ply - 1;
    if (alpha >= beta) return alpha;

    u64 key = keys[n];
    Move tt_move = NOMOVE;
    TTEntry *e = tt_probe(key);
    if (e) {
        tt_move = e->move;
        if (!pv && e->depth >= depth) {
            int s = tt_score(e->score, ply);
            if (e->flag == TT_EXACT || (e->flag == TT_LOWER && s >= beta) ||
                (e->flag == TT_UPPER && s <= alpha))
                return s;
        }
    }
    Move list[MAXMOVES];
    int count = gen_moves(p, list);
    if (count == 0) return (p->bb[0] | p->bb[1]) == ALL ? 0 : -MATE + ply;
    if (p->quiet >= QUIET_LIMIT) return 0;

    int scores[MAXMOVES];
    for (int i = 0; i < count; i++) scores[i] = order_score(p, list[i], tt_move, ply);
    int alpha0 = alpha, best = -INF;
    Move best_move = NOMOVE;
    for (int i = 0; i < count; i++) {
        pick(list, scores, i, count);
        Move m = list[i];
        Pos child = *p;
        make_move(&child, m);
        keys[n + 1] = pos_key(&child);
        int quiet_move = MTAKE(m) == NONE && m != tt_move && m != killers[ply][0] && m != killers[ply][1];
        int v;
        if (i == 0) {
            v = -negamax(&child, depth - 1, -beta, -alpha, ply + 1, pv);
        } else {
            int reduction = 0;
            if (quiet_move && depth >= 3 && i >= (pv ? 5 : 3)) reduction = (depth >= 6 && i >= 10) ? 2 : 1;
            v = -negamax(&child, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, 0);
            if (v > alpha && reduction && !stop) v = -negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1, 0);
            if (v > alpha && v < beta && pv && !stop) v = -negamax(&child, depth - 1, -beta, -alpha, ply + 1, 1);
        }
        if (stop) return 0;
        if (v > best) {
            best = v;
            best_move = m;
            if (v > alpha) {
                alpha = v;
                if (v >= beta) {
                    if (MTAKE(m) == NONE) {
                        if (killers[ply][0] != m) {
                            killers[ply][1] = killers[ply][0];
                            killers[ply][0] = m;
                        }
                        int s = MSRC(m);
                        int *h = &history_score[side][s == NONE ? NP : s][MDST(m)];
                        *h += depth * depth;
                        if (*h > (1 << 20)) {
                            for (int a = 0; a < 2; a++)
                                for (int b = 0; b <= NP; b++)
                                    for (int c = 0; c < NP; c++) history_score[a][b][c] /= 2;
                        }
                    }
                    break;
                }
            }
        }
    }
    int flag = best >= beta ? TT_LOWER : best > alpha0 ? TT_EXACT : TT_UPPER;
    tt_store(key, depth, best, flag, best_move, ply);
    return best;
}

static inline int perturbation(u64 seed, Move m) { return (int)(mix(seed * 0x100000001B3ull ^ m) % 3); }

typedef struct {
    Move move;
    int depth, score;
} Result;

static Result search_root(const Pos *root, int maxdepth, double movetime, u64 seed, const Move *avoid,
                          int avoided) {
    Result r = {NOMOVE, 0, 0};
    Move list[MAXMOVES];
    int all = gen_moves(root, list), count = 0;
    for (int i = 0; i < all; i++) { /* the root moves not to be searched (a ranking's earlier picks) */
        int skip = 0;
        for (int j = 0; j < avoided; j++) skip |= list[i] == avoid[j];
        if (!skip) list[count++] = list[i];
    }
    if (count == 0) return r;
    int bonus[MAXMOVES];
    for (int i = 0; i < count; i++) bonus[i] = perturbation(seed, list[i]);
    double start = now();
    stop = 0;
    nodes = 0;
    deadline = movetime > 0 ? start + movetime : 0;
    memset(killers, 0xFF, sizeof killers);
    memset(history_score, 0, sizeof history_score);
    int n = base_n;
    /* first order: removals first, then as the table says */
    {
        int scores[MAXMOVES];
        TTEntry *e = tt_probe(keys[n]);
        for (int i = 0; i < count; i++) scores[i] = order_score(root, list[i], e ? e->move : NOMOVE, 0);
        for (int i = 0; i < count; i++) {
            pick(list, scores, i, count);
        }
        for (int i = 0; i < count; i++) bonus[i] = perturbation(seed, list[i]);
    }
    r.move = list[0];
    for (int d = 1; d <= maxdepth; d++) {
        int alpha = -INF, beta = INF, best_index = -1, best = -INF;
        for (int i = 0; i < count; i++) {
            Pos child = *root;
            make_move(&child, list[i]);
            keys[n + 1] = pos_key(&child);
            int b = bonus[i], a2 = alpha - b, b2 = beta - b, v;
            if (i == 0) {
                v = -negamax(&child, d - 1, -b2, -a2, 1, 1);
            } else {
                v = -negamax(&child, d - 1, -a2 - 1, -a2, 1, 0);
                if (v > a2 && v < b2 && !stop) v = -negamax(&child, d - 1, -b2, -a2, 1, 1);
            }
            if (stop) break;
            int score = (v >= MATE_BOUND || v <= -MATE_BOUND) ? v : v + b;
            if (score > best) {
                best = score;
                best_index = i;
                if (score > alpha) alpha = score;
            }
        }
        if (best_index >= 0 && (!stop || best_index > 0 || d == 1)) {
            /* a move fully searched at this depth (first move, or one that beat it) */
            r.move = list[best_index];
            r.score = best;
            if (!stop) r.depth = d;
            Move m = list[best_index];
            int b = bonus[best_index];
            memmove(list + 1, list, sizeof(Move) * best_index);
            memmove(bonus + 1, bonus, sizeof(int) * best_index);
            list[0] = m;
            bonus[0] = b;
        }
        if (stop) break;
        if (best >= MATE_BOUND && MATE - best <= d) break;
        if (best <= -MATE_BOUND && MATE + best <= d) break;
        if (movetime > 0 && now() - start > 0.55 * movetime) break;
        if (count == 1 && d >= 2) break;
    }
    return r;
}

/* ----- requests ------------------------------------------------------------------- */
static char *words[MAXHIST + 16];
static int nwords;

static void split(char *line) {
    nwords = 0;
    char *s = line;
    while (*s && nwords < MAXHIST + 16) {
        while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n') s++;
        if (!*s) break;
        words[nwords++] = s;
        while (*s && *s != ' ' && *s != '\t' && *s != '\r' && *s != '\n') s++;
        if (*s) *s++ = 0;
    }
}

static int parse_int(const char *s, long long *out) {
    char *end;
    long long v = strtoll(s, &end, 10);
    if (!*s || *end) return 0;
    *out = v;
    return 1;
}

/* Replays words[first..] from the start into *p; keys[0..n]; returns n or -1 (error set). */
static char err[256];

static int replay(int first, Pos *p) {
    Pos pos = {{0, 0}, {PIECES, PIECES}, 0, 0};
    int n = 0;
    keys[0] = pos_key(&pos);
    for (int w = first; w < nwords; w++) {
        if (n >= MAXHIST) {
            snprintf(err, sizeof err, "history too long");
            return -1;
        }
        const char *over = game_over(&pos, n);
        if (over) {
            snprintf(err, sizeof err, "game over before move %d (%.20s): %s", n + 1, words[w], over);
            return -1;
        }
        Move m = parse_move(words[w]);
        if (m == NOMOVE) {
            snprintf(err, sizeof err, "unreadable move %d: %.20s", n + 1, words[w]);
            return -1;
        }
        Move list[MAXMOVES];
        int count = gen_moves(&pos, list), found = 0;
        for (int i = 0; i < count; i++) found |= list[i] == m;
        if (!found) {
            snprintf(err, sizeof err, "illegal move %d: %.20s", n + 1, words[w]);
            return -1;
        }
        make_move(&pos, m);
        keys[++n] = pos_key(&pos);
    }
    *p = pos;
    return n;
}

/* `go ... moves avoid m1 m2`: the words after "avoid" are root moves not to search; they
   are cut from the request (nwords) and parsed into avoid[]. Returns their count, -1 if one
   is unreadable. */
static int split_avoid(Move *avoid) {
    int at = -1, count = 0;
    for (int w = 4; w < nwords && at < 0; w++)
        if (!strcmp(words[w], "avoid")) at = w;
    if (at < 0) return 0;
    for (int w = at + 1; w < nwords && count < MAXMOVES; w++) {
        Move m = parse_move(words[w]);
        if (m == NOMOVE) return -1;
        avoid[count++] = m;
    }
    nwords = at;
    return count;
}

static char *read_line(void) {
    static char *buf = NULL;
    static size_t cap = 0;
    size_t len = 0;
    int c;
    while ((c = getchar()) != EOF && c != '\n') {
        if (len + 2 > cap) {
            cap = cap ? cap * 2 : 4096;
            buf = realloc(buf, cap);
            if (!buf) exit(1);
        }
        buf[len++] = (char)c;
    }
    if (c == EOF && len == 0) return NULL;
    if (!buf) {
        cap = 16;
        buf = malloc(cap);
        if (!buf) exit(1);
    }
    buf[len] = 0;
    return buf;
}

int main(void) {
    init_tables();
    size_t bytes = 2 * (tt_mask + 1) * sizeof(TTEntry);
    tt = aligned_alloc(1 << 21, bytes);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (tt) madvise(tt, bytes, MADV_HUGEPAGE); /* fewer TLB misses, where the kernel allows */
#endif
    if (!tt) {
        printf("error out of memory\n");
        return 1;
    }
    memset(tt, 0, bytes); /* touch every page now, not mid-search */
    char *line;
    while ((line = read_line()) != NULL) {
        split(line);
        if (nwords == 0) {
            printf("error empty request\n");
        } else if (!strcmp(words[0], "quit")) {
            break;
        } else if (!strcmp(words[0], "perft")) {
            long long depth;
            Pos p;
            int n;
            if (nwords < 2 || !parse_int(words[1], &depth) || depth < 0 || depth > 12)
                printf("error usage: perft <depth 0..12> [moves...]\n");
            else if ((n = replay(2, &p)) < 0)
                printf("error %s\n", err);
            else
                printf("perft %llu\n", (unsigned long long)perft(&p, (int)depth, n));
        } else if (!strcmp(words[0], "go")) {
            long long movetime, maxdepth, seed;
            Pos p;
            int n, avoided;
            Move avoid[MAXMOVES];
            const char *over;
            if (nwords < 4 || !parse_int(words[1], &movetime) || !parse_int(words[2], &maxdepth) ||
                !parse_int(words[3], &seed) || movetime < 0 || maxdepth < 0 || (!movetime && !maxdepth))
                printf("error usage: go <movetime_ms> <maxdepth> <seed> [moves...] (a time or a depth)\n");
            else if ((avoided = split_avoid(avoid)) < 0)
                printf("error unreadable move after avoid\n");
            else if ((n = replay(4, &p)) < 0)
                printf("error %s\n", err);
            else if ((over = game_over(&p, n)) != NULL)
                printf("error game over: %s\n", over);
            else {
                int depth = maxdepth == 0 || maxdepth > MAXPLY - 8 ? MAXPLY - 8 : (int)maxdepth;
                tt_new_search(movetime == 0); /* depth-bounded: a clean table, deterministic */
                base_n = n;
                Result r = search_root(&p, depth, movetime / 1000.0, (u64)seed, avoid, avoided);
                if (r.move == NOMOVE) {
                    printf("error every move is avoided\n");
                    fflush(stdout);
                    continue;
                }
                char text[32];
                move_text(r.move, text);
                printf("move %s depth %d score %d nodes %llu\n", text, r.depth, r.score,
                       (unsigned long long)nodes);
            }
        } else {
            printf("error unknown request %.20s\n", words[0]);
        }
        fflush(stdout);
    }
    return 0;
}
