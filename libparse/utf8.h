/* Text from PGN tags is UTF-8 or Latin-1, often both in one file.  Every
 * reader and writer of text for people or programs reads it the same way:
 * a valid UTF-8 sequence is one character, any other byte one Latin-1
 * character, as pgn-validate(1) and game-stats(1) say.  Part of libparse,
 * the base layer, so that readers, writers and commands all reach it. */
#ifndef PAWNKIT_UTF8_H
#define PAWNKIT_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* utf8_length: the length of the valid UTF-8 sequence of two to four bytes
 * at s (whose first byte is not ASCII), or 0: then s[0] is Latin-1 (so are
 * overlong forms, surrogates and code points past U+10FFFF).  utf8_put
 * writes the character at s (avail > 0 bytes there) as UTF-8 and returns
 * the bytes it took; utf8_chars counts the characters of s. */
size_t utf8_length(const unsigned char *s, size_t avail);
size_t utf8_put(FILE *out, const char *s, size_t avail);
size_t utf8_chars(const char *s, size_t len);
/* The UTF-8 of the Latin-1 character c (0x80 and up): two bytes. */
void latin1_utf8(unsigned char c, char out[2]);

/* Text from the input on its way to a terminal (diagnostics, text
 * reports), read by the rule above but with no control character raw:
 * terminals obey some (an escape sequence sets the window's title or
 * clears the screen).  The C0 controls, DEL and the C1 controls (U+0080
 * to U+009F, as UTF-8 or as the Latin-1 byte) are written as \xHH, a byte
 * each; any other character as utf8_put() writes it, so the text is valid
 * UTF-8.  A name (a file name: the user's own bytes) keeps the bytes that
 * are not UTF-8 and no control as they are.
 * utf8_put_visible writes s[0, len) so to out (NULL: measures only) and
 * returns its width, a column a character; utf8_visible_string writes the
 * text s so into buf (n > 0 bytes), NUL-terminated, cut between
 * characters. */
size_t utf8_put_visible(FILE *out, const char *s, size_t len, bool name);
void utf8_visible_string(char *buf, size_t n, const char *s);

#endif
