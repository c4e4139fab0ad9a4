/* game-stats' report written: the sections of stats_sections.c as an
 * aligned table, as CSV (one figure a line: section,key,field,value) or as
 * JSON. */
#include <stdlib.h>
#include <string.h>

#include "stats_internal.h"

/* ------------------------------------------------------------- cell text */

/* The text of a number cell into buf; returns its length. */
static size_t number_text(const struct cell *c, char *buf, size_t n)
{
	if (c->kind == CELL_INT)
		return (size_t)snprintf(buf, n, "%llu", (unsigned long long)c->i);
	if (c->kind == CELL_DEC) {
		/* -0.00 would print for tiny negatives: never wanted. */
		double d = c->d == 0 ? 0 : c->d;
		return (size_t)snprintf(buf, n, "%.*f", c->prec, d);
	}
	return 0;
}

static bool shown_in(const struct column *col, enum stats_format f)
{
	return f == STATS_TABLE ? !(col->flags & COL_MACHINE)
				: !(col->flags & COL_HUMAN);
}

/* ------------------------------------------------------------------ table */

/* Display width: a character a column (as utf8_chars reads them). */
static size_t text_width(const char *s, size_t len)
{
	return utf8_chars(s, len);
}

static size_t cell_width(const struct cell *c)
{
	char buf[64];
	if (c->kind == CELL_TEXT)
		return text_width(c->s, c->len);
	if (c->kind == CELL_NONE)
		return 1;
	return number_text(c, buf, sizeof buf);
}

/* Control characters would break the alignment: shown as '?'.  Latin-1
 * is written as UTF-8, so that the report is one encoding throughout. */
static void put_text(FILE *out, const char *s, size_t len)
{
	for (size_t i = 0; i < len;) {
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f) {
			putc('?', out);
			i++;
		} else {
			i += utf8_put(out, s + i, len - i);
		}
	}
}

static void put_cell(FILE *out, const struct cell *c, size_t width,
		     bool last)
{
	char buf[64];
	size_t w = cell_width(c);
	if (c->kind == CELL_TEXT) {
		put_text(out, c->s, c->len);
		if (!last)
			fprintf(out, "%*s", (int)(width - w), "");
		return;
	}
	fprintf(out, "%*s", (int)(width - w), "");
	if (c->kind == CELL_NONE)
		putc('-', out);
	else
		fwrite(buf, 1, number_text(c, buf, sizeof buf), out);
}

static bool row_hidden(const struct section *sec, size_t row)
{
	const struct cell *c = &sec->cells[row * sec->ncols + sec->hide_col];
	return (sec->flags & SEC_HIDE_ZERO) && c->kind == CELL_INT && !c->i;
}

static void table_single(FILE *out, const struct section *sec)
{
	size_t w = 0;
	for (size_t k = 0; k < sec->ncols; k++) {
		size_t t = strlen(sec->cols[k].title);
		if (shown_in(&sec->cols[k], STATS_TABLE))
			w = t > w ? t : w;
	}
	for (size_t k = 0; k < sec->ncols; k++) {
		const struct cell *c = &sec->cells[k];
		if (!shown_in(&sec->cols[k], STATS_TABLE))
			continue;
		fprintf(out, "  %-*s  ", (int)w, sec->cols[k].title);
		put_cell(out, c, c->kind == CELL_TEXT ? 0 : cell_width(c), true);
		putc('\n', out);
	}
}

/* Column widths over the rows the table shows; returns how many it shows
 * and the last column it writes. */
static size_t table_widths(const struct section *sec, size_t width[],
			   size_t *last)
{
	size_t shown = 0;
	for (size_t k = 0; k < sec->ncols; k++) {
		width[k] = 0;
		if (shown_in(&sec->cols[k], STATS_TABLE)) {
			width[k] = strlen(sec->cols[k].title);
			*last = k;
		}
	}
	for (size_t r = 0; r < sec->nrows; r++) {
		if (row_hidden(sec, r))
			continue;
		shown++;
		for (size_t k = 0; k < sec->ncols; k++) {
			size_t w = cell_width(&sec->cells[r * sec->ncols + k]);
			width[k] = w > width[k] ? w : width[k];
		}
	}
	return shown;
}

/* Headings: over text columns left-aligned, over numbers right-aligned,
 * as the first row shows them. */
static void table_heading(FILE *out, const struct section *sec,
			  const size_t width[], size_t last)
{
	fputs(" ", out);
	for (size_t k = 0; k < sec->ncols; k++) {
		if (!shown_in(&sec->cols[k], STATS_TABLE))
			continue;
		bool text = sec->cells[k].kind == CELL_TEXT;
		if (k == last && text)
			fprintf(out, " %s", sec->cols[k].title);
		else
			fprintf(out, text ? " %-*s" : " %*s", (int)width[k],
				sec->cols[k].title);
	}
	putc('\n', out);
}

static void table_rows(FILE *out, const struct section *sec)
{
	size_t width[MAX_COLUMNS], last = 0;
	if (!table_widths(sec, width, &last)) {
		fprintf(out, "  %s\n", sec->empty ? sec->empty : "(none)");
		return;
	}
	table_heading(out, sec, width, last);
	for (size_t r = 0; r < sec->nrows; r++) {
		if (row_hidden(sec, r))
			continue;
		fputs(" ", out);
		for (size_t k = 0; k < sec->ncols; k++) {
			if (!shown_in(&sec->cols[k], STATS_TABLE))
				continue;
			putc(' ', out);
			put_cell(out, &sec->cells[r * sec->ncols + k], width[k],
				 k == last);
		}
		putc('\n', out);
	}
}

/* Copies text without the blanks that padding leaves at line ends. */
static void put_trimmed(FILE *out, const char *text, size_t len)
{
	size_t start = 0;
	for (size_t i = 0; i < len; i++) {
		if (text[i] != '\n')
			continue;
		size_t end = i;
		while (end > start && text[end - 1] == ' ')
			end--;
		fwrite(text + start, 1, end - start, out);
		putc('\n', out);
		start = i + 1;
	}
	fwrite(text + start, 1, len - start, out);
}

static void write_table(FILE *out, const struct report *r)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	if (!mem)
		pawnkit_out_of_memory();
	for (size_t i = 0; i < r->n; i++) {
		const struct section *sec = &r->sec[i];
		if (sec->flags & SEC_MACHINE)
			continue;
		fprintf(mem, "%s%s\n", ftell(mem) ? "\n" : "", sec->title);
		if (sec->flags & SEC_NOTE)
			continue;
		if (sec->flags & SEC_SINGLE)
			table_single(mem, sec);
		else
			table_rows(mem, sec);
	}
	fclose(mem);
	put_trimmed(out, text, len);
	free(text);
}

/* -------------------------------------------------------------------- CSV */

/* RFC 4180 quoting; Latin-1 is written as UTF-8, as in the other
 * formats, so that a CSV reader sees one encoding. */
static void csv_text(FILE *out, const char *s, size_t len)
{
	bool quote = len == 0 || s[0] == ' ' || s[len - 1] == ' ';
	for (size_t i = 0; i < len && !quote; i++)
		quote = s[i] == ',' || s[i] == '"' || s[i] == '\n' ||
			s[i] == '\r';
	if (quote)
		putc('"', out);
	for (size_t i = 0; i < len;) {
		if (s[i] == '"')
			putc('"', out);
		i += utf8_put(out, s + i, len - i);
	}
	if (quote)
		putc('"', out);
}

static void csv_cell(FILE *out, const struct cell *c)
{
	char buf[64];
	if (c->kind == CELL_TEXT)
		csv_text(out, c->s, c->len);
	else
		fwrite(buf, 1, number_text(c, buf, sizeof buf), out);
}

static void write_csv(FILE *out, const struct report *r)
{
	fputs("section,key,field,value\n", out);
	for (size_t i = 0; i < r->n; i++) {
		const struct section *sec = &r->sec[i];
		if (sec->flags & SEC_HUMAN)
			continue;
		bool single = sec->flags & SEC_SINGLE;
		for (size_t row = 0; row < sec->nrows; row++) {
			const struct cell *c = &sec->cells[row * sec->ncols];
			for (size_t k = single ? 0 : 1; k < sec->ncols; k++) {
				if (!shown_in(&sec->cols[k], STATS_CSV))
					continue;
				fprintf(out, "%s,", sec->name);
				if (!single)
					csv_cell(out, c);
				fprintf(out, ",%s,", sec->cols[k].name);
				csv_cell(out, &c[k]);
				putc('\n', out);
			}
		}
	}
}

/* ------------------------------------------------------------------- JSON */

static void json_cell(FILE *out, const struct cell *c)
{
	char buf[64];
	if (c->kind == CELL_TEXT)
		json_write_string(out, c->s, c->len);
	else if (c->kind == CELL_NONE)
		fputs("null", out);
	else
		fwrite(buf, 1, number_text(c, buf, sizeof buf), out);
}

static void json_row(FILE *out, const struct section *sec, size_t row)
{
	const struct cell *c = &sec->cells[row * sec->ncols];
	bool first = true;
	putc('{', out);
	for (size_t k = 0; k < sec->ncols; k++) {
		if (!shown_in(&sec->cols[k], STATS_JSON))
			continue;
		fprintf(out, "%s\"%s\": ", first ? "" : ", ", sec->cols[k].name);
		json_cell(out, &c[k]);
		first = false;
	}
	putc('}', out);
}

static void write_json(FILE *out, const struct report *r)
{
	bool first = true;
	fputs("{\n", out);
	for (size_t i = 0; i < r->n; i++) {
		const struct section *sec = &r->sec[i];
		if (sec->flags & SEC_HUMAN)
			continue;
		fprintf(out, "%s\"%s\": ", first ? "" : ",\n", sec->name);
		first = false;
		if (sec->flags & SEC_SINGLE) {
			json_row(out, sec, 0);
			continue;
		}
		fputs("[", out);
		for (size_t row = 0; row < sec->nrows; row++) {
			fputs(row ? ",\n  " : "\n  ", out);
			json_row(out, sec, row);
		}
		fputs(sec->nrows ? "\n]" : "]", out);
	}
	fputs("\n}\n", out);
}

void stats_write(FILE *out, const struct stats *s,
		 const struct stats_output *o)
{
	static void (*const writers[])(FILE *, const struct report *) = {
		[STATS_TABLE] = write_table, [STATS_CSV] = write_csv,
		[STATS_JSON] = write_json,
	};
	struct report r;
	report_build(&r, s, o);
	writers[o->format](out, &r);
	report_release(&r);
}
