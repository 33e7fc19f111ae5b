/* millref: a fast Nine Men's Morris searcher, a measurement tool for the project's AI.
 *
 * Build:  cc -O2 -I. -o millref board.c eval.c search.c main.c      (C11, libc only)
 *   millref.h  shared types, tables and declarations (this comment)
 *   board.c    tables, move generation, notation, repetition and game ends, perft
 *   eval.c     the static evaluation
 *   search.c   transposition table, move ordering, quiescence, negamax, root search
 *   main.c     the request protocol, replay of histories, main()
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
#ifndef MILLREF_H
#define MILLREF_H

#define _DEFAULT_SOURCE
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

/* ----- tables (board.c fills them in init_tables) ------------------------------- */
extern u32 ADJ[NP];
extern u32 LINES[16];
extern int NLINES;
extern u32 MILL_AT[NP][2]; /* the two lines through each point */
extern char NAME[NP][3];

/* SWAR popcount: `cc -O2` without -mpopcnt would call a library routine. */
static inline int popc(u32 x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}
static inline int lsb(u32 x) { return __builtin_ctz(x); }

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

static inline int has_move(const Pos *p) {
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

/* ----- board.c ------------------------------------------------------------------- */
/* game history: the keys of every position, game then search path */
extern u64 keys[MAXHIST + MAXPLY + 8];

void init_tables(void);
/* All legal moves ignoring game ends (the caller checks those). */
int gen_moves(const Pos *p, Move *out);
void move_text(Move m, char *buf);
/* "d6", "d6-d5", "a4xg7", "d6-d5xa1" -> move, or NOMOVE. */
Move parse_move(const char *text);
/* Times the position keys[n] occurred (the window of steps since the last reset). */
int repetitions(int n, int quiet);
/* The game's rules: 0 = going on, else a reason the player to move has no move. */
const char *game_over(const Pos *p, int n);
u64 perft(Pos *p, int depth, int n);

/* ----- eval.c -------------------------------------------------------------------- */
/* centi-pieces, for the side to move */
int evaluate(const Pos *p);

/* ----- search.c ------------------------------------------------------------------ */
typedef struct {
    Move move;
    int depth, score;
} Result;

extern u64 nodes;
extern int base_n; /* keys index of the root */

/* Allocates and clears the transposition table; 0 if out of memory. */
int tt_init(void);
void tt_new_search(int clear);
Result search_root(const Pos *root, int maxdepth, double movetime, u64 seed, const Move *avoid,
                   int avoided);

#endif
