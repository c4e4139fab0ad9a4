/* Commands embedded in PGN comments, "[%clk 0:03:00]", as the PGN
 * Specification Supplement (2001) and lichess write them:
 * clocks (%clk, %emt), engine evaluations (%eval) and board marks
 * (%csl squares, %cal arrows).  The comment text itself is never
 * changed here; these only read it, or copy it without the clocks. */
#include <string.h>

#include "internal.h"

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static bool is_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

bool fmt_annot_next(const char **p, const char *end, struct annot_cmd *cmd)
{
	const char *s = *p;
	while ((s = memmem(s, (size_t)(end - s), "[%", 2)) != NULL) {
		const char *name = s + 2, *q = name;
		while (q < end && is_name_char(*q))
			q++;
		if (q >= end)
			return false;
		const char *close = memchr(q, ']', (size_t)(end - q));
		if (!close)
			return false;
		if (q == name || (q < close && !is_blank(*q))) {
			s = name;	/* "[%" not followed by a command */
			continue;
		}
		const char *args = q, *stop = close;
		while (args < stop && is_blank(*args))
			args++;
		while (stop > args && is_blank(stop[-1]))
			stop--;
		*cmd = (struct annot_cmd){ name, args, (size_t)(q - name),
					   (size_t)(stop - args), s, close + 1 };
		*p = close + 1;
		return true;
	}
	return false;
}

static bool cmd_is(const struct annot_cmd *c, const char *name)
{
	return c->name_len == strlen(name) && !memcmp(c->name, name, c->name_len);
}

/* ----------------------------------------------------------- clocks */

/* Digits at *s as a number (at most 9 of them); -1 when none. */
static long digits(const char **s, const char *end)
{
	long v = 0;
	const char *start = *s;
	while (*s < end && is_digit(**s) && *s - start < 9)
		v = v * 10 + (**s - '0'), (*s)++;
	return *s == start ? -1 : v;
}

int fmt_annot_clock(const char *s, size_t n, double *seconds)
{
	const char *p = s, *end = s + n;
	double total = 0;
	for (int field = 0; field < 3; field++) {
		long v = digits(&p, end);
		if (v < 0)
			return -1;
		total = total * 60 + (double)v;
		if (p == end || *p != ':')
			break;
		p++;
	}
	if (p < end && *p == '.') {
		double scale = 0.1;
		if (++p == end || !is_digit(*p))
			return -1;
		for (; p < end && is_digit(*p); p++, scale /= 10)
			total += (*p - '0') * scale;
	}
	if (p != end)
		return -1;
	*seconds = total;
	return 0;
}

/* --------------------------------------------------------- evaluation */

struct eval {
	bool mate;
	long value;		/* centipawns, or moves to mate */
	long depth;		/* -1: not given */
};

/* "0.17", "-1.5", "+3", "#-4", optionally ",DEPTH". */
static int parse_eval(const char *s, size_t n, struct eval *e)
{
	const char *p = s, *end = s + n;
	e->mate = p < end && *p == '#';
	p += e->mate;
	int sign = p < end && *p == '-' ? -1 : 1;
	p += p < end && (*p == '-' || *p == '+');
	long whole = digits(&p, end), frac = 0;
	if (whole < 0)
		return -1;
	if (!e->mate && p < end && *p == '.') {
		int k = 0;
		for (p++; p < end && is_digit(*p); p++, k++)
			if (k < 3)
				frac = frac * 10 + (*p - '0');
		for (; k < 3; k++)
			frac *= 10;
		frac = (frac + 5) / 10;	/* thousandths to centipawns, rounded */
	}
	e->value = sign * (e->mate ? whole : whole * 100 + frac);
	e->depth = -1;
	if (p < end && *p == ',') {
		p++;
		e->depth = digits(&p, end);
	}
	return p == end && (e->depth >= 0 || p[-1] != ',') ? 0 : -1;
}

/* -------------------------------------------------------------- marks */

static bool is_square(const char *s)
{
	return s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8';
}

/* A colour is a letter ("G", "R"...): any other byte would have to be
 * escaped in JSON, and is no colour anyway. */
static bool is_color(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* {"color":"G","square":"e4"} or {"color":"R","from":"e2","to":"e4"}
 * of the entry at p ("Ge4", "Re2e4"). */
static void write_mark(struct fmt_out *out, const char *p, bool arrow)
{
	char *d = fmt_out_room(out, 48);
	size_t n = 0;
	memcpy(d, "{\"color\":\"", 10);
	n += 10;
	d[n++] = *p >= 'a' && *p <= 'z' ? (char)(*p - 32) : *p;
	const char *key = arrow ? "\",\"from\":\"" : "\",\"square\":\"";
	size_t key_len = strlen(key);
	memcpy(d + n, key, key_len);
	n += key_len;
	memcpy(d + n, p + 1, 2);
	n += 2;
	if (arrow) {
		memcpy(d + n, "\",\"to\":\"", 8);
		memcpy(d + n + 8, p + 3, 2);
		n += 10;
	}
	memcpy(d + n, "\"}", 2);
	out->n += n + 2;
}

/* Writes the entries of one %csl (squares) or %cal (arrows) command,
 * opening the member and its array before the first one. */
static void write_marks(struct fmt_out *out, const struct annot_cmd *c,
			const char *name, bool *opened)
{
	bool arrows = name[1] == 'a';
	const char *p = c->args, *end = c->args + c->args_len;
	size_t want = arrows ? 5 : 3;
	while (p < end) {
		const char *q = memchr(p, ',', (size_t)(end - p));
		const char *stop = q ? q : end;
		while (p < stop && is_blank(*p))
			p++;
		if ((size_t)(stop - p) >= want && is_color(*p) &&
		    is_square(p + 1) && (!arrows || is_square(p + 3))) {
			if (*opened)
				fmt_out_char(out, ',');
			else
				fmt_out_printf(out, ",\"%s\":[", name);
			*opened = true;
			write_mark(out, p, arrows);
		}
		p = q ? q + 1 : end;
	}
}

/* ---------------------------------------------------------- to JSON */

static bool next_in(const struct pgn_item **it, const struct pgn_item *end,
		    const char **p, struct annot_cmd *cmd)
{
	while (*it != end) {
		const struct pgn_item *c = *it;
		if (c->kind == PI_COMMENT && c->text && !*p)
			*p = c->text;
		if (*p && fmt_annot_next(p, c->text + c->len, cmd))
			return true;
		*it = c->next;
		*p = NULL;
	}
	return false;
}

/* The first command called name in the comments of [first, end). */
static bool find_first(const struct pgn_item *first, const struct pgn_item *end,
		       const char *name, struct annot_cmd *cmd)
{
	const char *p = NULL;
	while (next_in(&first, end, &p, cmd))
		if (cmd_is(cmd, name))
			return true;
	return false;
}

static void write_seconds(struct fmt_out *out, const struct pgn_item *first,
			  const struct pgn_item *end, const char *name)
{
	struct annot_cmd c;
	double s;
	if (find_first(first, end, name, &c) &&
	    fmt_annot_clock(c.args, c.args_len, &s) == 0)
		fmt_out_printf(out, ",\"%s\":%.10g", name, s);
}

static void write_eval(struct fmt_out *out, const struct pgn_item *first,
		       const struct pgn_item *end)
{
	struct annot_cmd c;
	struct eval e;
	if (!find_first(first, end, "eval", &c) ||
	    parse_eval(c.args, c.args_len, &e) != 0)
		return;
	fmt_out_printf(out, ",\"eval\":{\"%s\":%ld", e.mate ? "mate" : "cp",
		       e.value);
	if (e.depth >= 0)
		fmt_out_printf(out, ",\"depth\":%ld", e.depth);
	fmt_out_char(out, '}');
}

static void write_all_marks(struct fmt_out *out, const struct pgn_item *first,
			    const struct pgn_item *end, const char *name)
{
	struct annot_cmd c;
	const char *p = NULL;
	bool opened = false;
	while (next_in(&first, end, &p, &c))
		if (cmd_is(&c, name))
			write_marks(out, &c, name, &opened);
	if (opened)
		fmt_out_char(out, ']');
}

/* Whether a comment of [first, end) may hold a command: most moves have
 * no comment at all, and the five searches below are then spared. */
static bool any_command(const struct pgn_item *first,
			const struct pgn_item *end)
{
	for (const struct pgn_item *it = first; it != end; it = it->next)
		if (it->kind == PI_COMMENT && it->text &&
		    memmem(it->text, it->len, "[%", 2))
			return true;
	return false;
}

void fmt_annot_write_json(struct fmt_out *out, const struct pgn_item *first,
			  const struct pgn_item *end, bool clocks)
{
	if (!any_command(first, end))
		return;
	if (clocks) {
		write_seconds(out, first, end, "clk");
		write_seconds(out, first, end, "emt");
	}
	write_eval(out, first, end);
	write_all_marks(out, first, end, "csl");
	write_all_marks(out, first, end, "cal");
}

/* ------------------------------------------------------------- strip */

size_t fmt_annot_strip_clocks(const char *s, size_t n, char *out)
{
	const char *p = s, *end = s + n, *copied = s;
	size_t len = 0;
	struct annot_cmd c;
	while (fmt_annot_next(&p, end, &c)) {
		if (!cmd_is(&c, "clk") && !cmd_is(&c, "emt"))
			continue;
		size_t seg = (size_t)(c.start - copied);
		memcpy(out + len, copied, seg);
		len += seg;
		copied = c.end;
		/* One blank goes with the command: the one before it when
		 * there is one, else the one after. */
		if (seg > 0 && is_blank(c.start[-1]))
			len--;
		else if (copied < end && is_blank(*copied))
			copied++;
	}
	memcpy(out + len, copied, (size_t)(end - copied));
	return len + (size_t)(end - copied);
}
