/* The per-game bump allocator.
 *
 * Blocks form a list, newest first; allocation bumps an offset in the
 * newest one.  A reset frees every block but the largest, so a stream of
 * games of similar size settles on one block and allocates nothing. */
#include <stdlib.h>
#include <string.h>

#include "pgn.h"

#define ARENA_ALIGN 8
#define ARENA_FIRST_BLOCK (64u * 1024u)

struct arena_block {
	struct arena_block *next;
	size_t cap;
	/* Keeps data 8-byte aligned whatever the header size. */
	_Alignas(ARENA_ALIGN) char data[];
};

static void (*oom_handler)(void);

void pawnkit_on_out_of_memory(void (*handler)(void))
{
	oom_handler = handler;
}

_Noreturn void pawnkit_out_of_memory(void)
{
	if (oom_handler)
		oom_handler();
	abort();
}

void arena_init(struct arena *a)
{
	a->head = NULL;
	a->used = 0;
	a->cap = 0;
	a->cur = NULL;
}

static void arena_grow(struct arena *a, size_t need)
{
	size_t cap = a->cap ? a->cap * 2 : ARENA_FIRST_BLOCK;
	struct arena_block *b;

	while (cap < need) {
		if (cap > SIZE_MAX / 2)
			pawnkit_out_of_memory();
		cap *= 2;
	}
	b = malloc(sizeof *b + cap);
	if (!b)
		pawnkit_out_of_memory();
	b->next = a->head;
	b->cap = cap;
	a->head = b;
	a->cur = b->data;
	a->cap = cap;
	a->used = 0;
}

void *arena_alloc(struct arena *a, size_t size)
{
	size_t rounded = (size + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
	void *p;

	if (rounded < size)
		pawnkit_out_of_memory();
	if (a->cap - a->used < rounded || !a->cur)
		arena_grow(a, rounded ? rounded : ARENA_ALIGN);
	p = a->cur + a->used;
	a->used += rounded;
	return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p;

	if (n == SIZE_MAX)
		pawnkit_out_of_memory();
	p = arena_alloc(a, n + 1);
	if (n)
		memcpy(p, s, n);
	p[n] = 0;
	return p;
}

void arena_reset(struct arena *a)
{
	struct arena_block *b, *next, *keep = NULL;

	for (b = a->head; b; b = b->next)
		if (!keep || b->cap > keep->cap)
			keep = b;
	for (b = a->head; b; b = next) {
		next = b->next;
		if (b != keep)
			free(b);
	}
	a->head = keep;
	a->used = 0;
	if (keep) {
		keep->next = NULL;
		a->cur = keep->data;
		a->cap = keep->cap;
	} else {
		a->cur = NULL;
		a->cap = 0;
	}
}

void arena_release(struct arena *a)
{
	struct arena_block *b, *next;

	for (b = a->head; b; b = next) {
		next = b->next;
		free(b);
	}
	arena_init(a);
}
