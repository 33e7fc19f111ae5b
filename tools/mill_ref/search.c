/* millref: the search: transposition table, move ordering, quiescence, negamax,
 * iterative deepening at the root. */
#include "millref.h"

#ifdef __linux__
#include <sys/mman.h>
#endif

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

int tt_init(void) {
    size_t bytes = 2 * (tt_mask + 1) * sizeof(TTEntry);
    tt = aligned_alloc(1 << 21, bytes);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (tt) madvise(tt, bytes, MADV_HUGEPAGE); /* fewer TLB misses, where the kernel allows */
#endif
    if (!tt) return 0;
    memset(tt, 0, bytes); /* touch every page now, not mid-search */
    return 1;
}

void tt_new_search(int clear) {
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

/* ----- search ---------------------------------------------------------------------- */
u64 nodes;
static int stop;
static double deadline; /* seconds, 0 = none */
static Move killers[MAXPLY + 8][2];
static int history_score[2][NP + 1][NP];
int base_n; /* keys index of the root */

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

Result search_root(const Pos *root, int maxdepth, double movetime, u64 seed, const Move *avoid,
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
