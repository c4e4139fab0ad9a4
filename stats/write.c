/* game-stats' report written: the sections of sections.c as an
 * aligned table, as CSV (one figure a line: section,key,field,value) or as
 * JSON. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "../formats/formats.h"
#include "../libparse/utf8.h"

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

/* Text from the games, as every text for a terminal is written
 * (utf8.h): controls, which would break the alignment or worse, as \xHH,
 * Latin-1 as UTF-8 so that the report is one encoding throughout.  out
 * NULL measures only: the width, a column a character. */
static size_t put_text(FILE *out, const char *s, size_t len)
{
	return utf8_put_visible(out, s, len, false);
}

static size_t cell_width(const struct cell *c)
{
	char buf[64];
	if (c->kind == CELL_TEXT)
		return put_text(NULL, c->s, c->len);
	if (c->kind == CELL_NONE)
		return 1;
	return number_text(c, buf, sizeof buf);
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

static bool row_hidden(const struct section *sec, const struct cell *row)
{
	const struct cell *c = &row[sec->hide_col];
	return (sec->flags & SEC_HIDE_ZERO) && c->kind == CELL_INT && !c->i;
}

static void table_single(FILE *out, struct st_report *r,
			 const struct section *sec)
{
	const struct cell *cells = st_section_row(r, sec, 0);
	size_t w = 0;
	for (size_t k = 0; k < sec->ncols; k++) {
		size_t t = strlen(sec->cols[k].title);
		if (shown_in(&sec->cols[k], STATS_TABLE))
			w = t > w ? t : w;
	}
	for (size_t k = 0; k < sec->ncols; k++) {
		const struct cell *c = &cells[k];
		if (!shown_in(&sec->cols[k], STATS_TABLE))
			continue;
		fprintf(out, "  %-*s  ", (int)w, sec->cols[k].title);
		put_cell(out, c, c->kind == CELL_TEXT ? 0 : cell_width(c), true);
		putc('\n', out);
	}
}

/* Column widths over the rows the table shows; returns how many it shows
 * and the last column it writes. */
static size_t table_widths(struct st_report *r, const struct section *sec,
			   size_t width[], size_t *last)
{
	size_t shown = 0;
	for (size_t k = 0; k < sec->ncols; k++) {
		width[k] = 0;
		if (shown_in(&sec->cols[k], STATS_TABLE)) {
			width[k] = strlen(sec->cols[k].title);
			*last = k;
		}
	}
	for (size_t row = 0; row < sec->nrows; row++) {
		const struct cell *cells = st_section_row(r, sec, row);
		if (row_hidden(sec, cells))
			continue;
		shown++;
		for (size_t k = 0; k < sec->ncols; k++) {
			size_t w = cell_width(&cells[k]);
			width[k] = w > width[k] ? w : width[k];
		}
	}
	return shown;
}

/* Headings: over text columns left-aligned, over numbers right-aligned,
 * as the first row shows them. */
static void table_heading(FILE *out, struct st_report *r,
			  const struct section *sec, const size_t width[],
			  size_t last)
{
	const struct cell *first = st_section_row(r, sec, 0);
	fputs(" ", out);
	for (size_t k = 0; k < sec->ncols; k++) {
		if (!shown_in(&sec->cols[k], STATS_TABLE))
			continue;
		bool text = first[k].kind == CELL_TEXT;
		if (k == last && text)
			fprintf(out, " %s", sec->cols[k].title);
		else
			fprintf(out, text ? " %-*s" : " %*s", (int)width[k],
				sec->cols[k].title);
	}
	putc('\n', out);
}

static void table_rows(FILE *out, struct st_report *r,
		       const struct section *sec)
{
	size_t width[MAX_COLUMNS], last = 0;
	if (!table_widths(r, sec, width, &last)) {
		fprintf(out, "  %s\n", sec->empty ? sec->empty : "(none)");
		return;
	}
	table_heading(out, r, sec, width, last);
	for (size_t row = 0; row < sec->nrows; row++) {
		const struct cell *cells = st_section_row(r, sec, row);
		if (row_hidden(sec, cells))
			continue;
		fputs(" ", out);
		for (size_t k = 0; k < sec->ncols; k++) {
			if (!shown_in(&sec->cols[k], STATS_TABLE))
				continue;
			putc(' ', out);
			put_cell(out, &cells[k], width[k], k == last);
		}
		putc('\n', out);
	}
}

/* A stream onto out that drops the blanks padding leaves at line ends as
 * they pass, holding only a count of the blanks not yet written: the
 * table is written row by row, never held whole. */
struct trimmer {
	FILE *out;
	size_t blanks;
};

static ssize_t trimmer_write(void *cookie, const char *buf, size_t n)
{
	struct trimmer *t = cookie;
	for (size_t i = 0; i < n;) {
		if (buf[i] == ' ') {
			t->blanks++;
			i++;
			continue;
		}
		if (buf[i] == '\n')
			t->blanks = 0;
		for (; t->blanks; t->blanks--)
			putc(' ', t->out);
		size_t run = i;
		while (run < n && buf[run] != ' ')
			run++;
		if (fwrite(buf + i, 1, run - i, t->out) != run - i)
			return -1;
		i = run;
	}
	return (ssize_t)n;
}

static void write_table(FILE *out, struct st_report *r)
{
	struct trimmer trim = { out, 0 };
	FILE *table = fopencookie(&trim, "w", (cookie_io_functions_t){
						       .write = trimmer_write });
	if (!table)
		pawnkit_out_of_memory();
	bool first = true;
	for (size_t i = 0; i < r->n; i++) {
		const struct section *sec = &r->sec[i];
		if (sec->flags & SEC_MACHINE)
			continue;
		/* A title may name a tag (Groups by TAG), from a partial. */
		fputs(first ? "" : "\n", table);
		put_text(table, sec->title, strlen(sec->title));
		putc('\n', table);
		first = false;
		if (sec->flags & SEC_NOTE)
			continue;
		if (sec->flags & SEC_SINGLE)
			table_single(table, r, sec);
		else
			table_rows(table, r, sec);
	}
	fclose(table);
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

static void write_csv(FILE *out, struct st_report *r)
{
	fputs("section,key,field,value\n", out);
	for (size_t i = 0; i < r->n; i++) {
		const struct section *sec = &r->sec[i];
		if (sec->flags & SEC_HUMAN)
			continue;
		bool single = sec->flags & SEC_SINGLE;
		for (size_t row = 0; row < sec->nrows; row++) {
			const struct cell *c = st_section_row(r, sec, row);
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

static void json_row(FILE *out, struct st_report *r, const struct section *sec,
		     size_t row)
{
	const struct cell *c = st_section_row(r, sec, row);
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

static void write_json(FILE *out, struct st_report *r)
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
			json_row(out, r, sec, 0);
			continue;
		}
		fputs("[", out);
		for (size_t row = 0; row < sec->nrows; row++) {
			fputs(row ? ",\n  " : "\n  ", out);
			json_row(out, r, sec, row);
		}
		fputs(sec->nrows ? "\n]" : "]", out);
	}
	fputs("\n}\n", out);
}

void stats_write(FILE *out, const struct stats *s,
		 const struct stats_output *o)
{
	static void (*const writers[])(FILE *, struct st_report *) = {
		[STATS_TABLE] = write_table, [STATS_CSV] = write_csv,
		[STATS_JSON] = write_json,
	};
	struct st_report r;
	st_report_build(&r, s, o);
	writers[o->format](out, &r);
	st_report_release(&r);
}
