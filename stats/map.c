/* The hash map under game-stats' groups and tables: byte-string keys to
 * dense indices, open addressing with linear probing.  Memory grows with
 * the distinct keys only. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* A stats array grown with its new elements cleared (its counters start
 * at zero). */
void st_grow(void **v, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return;
	size_t old = *cap;
	*v = pawnkit_grow(*v, cap, need, size, 8);
	memset((char *)*v + old * size, 0, (*cap - old) * size);
}

/* Eight bytes at a time (a key is mostly a name of ten or twenty), each
 * multiplied in, then a final mix so that the low bits used for the slot
 * depend on every byte.  Only slots depend on it: no output does. */
static uint64_t key_word(const char *p, size_t n)
{
	uint64_t w = 0;
	if (n >= 4) {
		uint32_t a, b;
		memcpy(&a, p, 4);
		memcpy(&b, p + n - 4, 4);
		return (uint64_t)a << 32 | b;
	}
	if (n)
		w = (uint64_t)(unsigned char)p[0] << 16 |
		    (uint64_t)(unsigned char)p[n / 2] << 8 |
		    (unsigned char)p[n - 1];
	return w;
}

static inline uint64_t key_hash(const char *key, size_t len)
{
	uint64_t h = 0xcbf29ce484222325u ^ len;
	for (; len > 8; key += 8, len -= 8) {
		uint64_t w;
		memcpy(&w, key, 8);
		h = (h ^ w) * 0x9e3779b97f4a7c15u;
		h ^= h >> 29;
	}
	h = (h ^ key_word(key, len)) * 0xff51afd7ed558ccdu;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53u;
	return h ^ (h >> 33);
}

void st_smap_init(struct smap *m)
{
	memset(m, 0, sizeof *m);
	arena_init(&m->keys);
}

void st_smap_release(struct smap *m)
{
	free(m->entries);
	free(m->slots);
	arena_release(&m->keys);
	st_smap_init(m);
}

/* Are the len bytes at a and b the same?  Keys are mostly names of ten or
 * twenty bytes: two loads of eight, overlapping, compare those. */
static inline bool key_eq(const char *a, const char *b, size_t len)
{
	uint64_t x, y, u, v;

	if (len < 8 || len > 16)
		return memcmp(a, b, len) == 0;
	memcpy(&x, a, 8);
	memcpy(&y, b, 8);
	memcpy(&u, a + len - 8, 8);
	memcpy(&v, b + len - 8, 8);
	return ((x ^ y) | (u ^ v)) == 0;
}

void st_smap_clear(struct smap *m)
{
	m->n = 0;
	if (m->slots)
		memset(m->slots, 0, m->nslots * sizeof *m->slots);
	arena_reset(&m->keys);
}

static inline size_t slot_of(const struct smap *m, const char *key,
			     size_t len, uint64_t h)
{
	size_t mask = m->nslots - 1;
	for (size_t i = h & mask;; i = (i + 1) & mask) {
		uint32_t e = m->slots[i];
		if (!e)
			return i;
		const struct smap_entry *en = &m->entries[e - 1];
		if (en->hash == h && en->len == len &&
		    key_eq(en->key, key, len))
			return i;
	}
}

/* Doubles the slots; keeps the load under one half. */
static void rehash(struct smap *m)
{
	size_t n = m->nslots ? m->nslots * 2 : 64;
	free(m->slots);
	m->slots = calloc(n, sizeof *m->slots);
	if (!m->slots)
		pawnkit_out_of_memory();
	m->nslots = n;
	for (size_t i = 0; i < m->n; i++) {
		const struct smap_entry *en = &m->entries[i];
		m->slots[slot_of(m, en->key, en->len, en->hash)] =
			(uint32_t)(i + 1);
	}
}

size_t st_smap_find(const struct smap *m, const char *key, size_t len)
{
	if (!m->nslots)
		return SIZE_MAX;
	uint32_t e = m->slots[slot_of(m, key, len, key_hash(key, len))];
	return e ? e - 1 : SIZE_MAX;
}

/* Each pass brings in what the next one reads: the slots the keys of from
 * hash to, the entries they hold, then those entries' keys and values
 * (the n elements of size bytes at values).  The loads of a pass do not
 * wait on one another, where the merge that follows would wait on each
 * in turn. */
void st_smap_warm(const struct smap *m, const struct smap *from,
		  const void *values, size_t size)
{
	size_t mask = m->nslots - 1;

	if (!m->nslots)
		return;
	for (size_t i = 0; i < from->n; i++)
		__builtin_prefetch(&m->slots[from->entries[i].hash & mask]);
	for (size_t i = 0; i < from->n; i++) {
		uint32_t e = m->slots[from->entries[i].hash & mask];
		if (e)
			__builtin_prefetch(&m->entries[e - 1]);
	}
	for (size_t i = 0; i < from->n; i++) {
		uint32_t e = m->slots[from->entries[i].hash & mask];
		if (!e)
			continue;
		__builtin_prefetch(m->entries[e - 1].key);
		if (values)
			__builtin_prefetch((const char *)values +
					   (size_t)(e - 1) * size);
	}
}

/* A new entry for key at the free slot. */
static size_t add_entry(struct smap *m, size_t slot, const char *key,
			size_t len, uint64_t h)
{
	if (m->n == UINT32_MAX - 1)
		abort();	/* four billion keys: beyond any sane input */
	if (m->n == m->cap)	/* each entry is written whole below */
		m->entries = pawnkit_grow(m->entries, &m->cap, m->n + 1,
					  sizeof *m->entries, 8);
	m->entries[m->n] = (struct smap_entry){
		arena_strndup(&m->keys, key, len), (uint32_t)len, h };
	m->slots[slot] = (uint32_t)++m->n;
	return m->n - 1;
}

/* The index of key (its hash h), added when absent. */
static inline size_t intern(struct smap *m, const char *key, size_t len,
			    uint64_t h, bool *added)
{
	if ((m->n + 1) * 2 > m->nslots)
		rehash(m);
	size_t slot = slot_of(m, key, len, h);
	if (added)
		*added = !m->slots[slot];
	return m->slots[slot] ? m->slots[slot] - 1
			      : add_entry(m, slot, key, len, h);
}

size_t st_smap_intern(struct smap *m, const char *key, size_t len, bool *added)
{
	return intern(m, key, len, key_hash(key, len), added);
}

/* The work of st_smap_intern() for a key whose hash is known (that of an
 * entry of another map, when merging). */
size_t st_smap_intern_hashed(struct smap *m, const char *key, size_t len,
			     uint64_t h, bool *added)
{
	return intern(m, key, len, h, added);
}
