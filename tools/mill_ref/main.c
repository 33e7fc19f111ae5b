/* millref: the request protocol (go, perft, quit; the avoid list), replay of histories,
 * main(). The rules, protocol and search techniques are described in millref.h. */
#include "millref.h"

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
    if (!tt_init()) {
        printf("error out of memory\n");
        return 1;
    }
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
