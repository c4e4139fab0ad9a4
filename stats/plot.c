/* game-stats --plot: the figures a person would rather look at than read,
 * as one self-contained SVG document (no scripts, fonts or links): the
 * game-length histogram, results as 100% stacked bars per group, the most
 * frequent openings with their results, how games ended, moves by piece
 * and the variants' own events.
 *
 * Panels are stacked top to bottom; each is drawn into a memory buffer
 * first, since the document's height must open it.  Every bar is a
 * <rect class="bar"> with its value in a <title> (a tooltip in browsers),
 * which is also what the render tests look for. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "../formats/formats.h"
#include "../libparse/utf8.h"

#define WIDTH 960
#define MARGIN 24
#define LABEL_W 300		/* labels left of horizontal bars */
#define VALUE_W 110		/* numbers right of them */
#define ROW_H 22
#define BAR_H 16
#define FONT "DejaVu Sans, Verdana, Arial, sans-serif"

/* The result palette, in the order of a stacked bar. */
static const struct {
	enum stat_id stat;
	const char *label, *fill;
} result_parts[] = {
	{ ST_WHITE_WINS, "1-0", "#efe4cc" }, { ST_DRAWS, "draw", "#8e9aab" },
	{ ST_BLACK_WINS, "0-1", "#2f2f33" }, { ST_UNFINISHED, "unfinished", "#e0b83e" },
	{ ST_INVALID, "invalid", "#c0392b" },
};
#define NPARTS (sizeof result_parts / sizeof *result_parts)
#define BLUE "#3f72af"
#define PURPLE "#7a5aa6"
#define GREEN "#4f8a5b"
#define INK "#222222"
#define GRID "#d8d8d8"

struct plot {
	FILE *out;
	double y;		/* top of the next panel */
	const struct stats *s;
	const struct stats_output *o;
	struct group total;
};

/* ------------------------------------------------------------ primitives */

/* U+FFFE and U+FFFF are valid UTF-8 but no XML 1.0 characters. */
static bool xml_nonchar(const char *s, size_t n)
{
	return n == 3 && memcmp(s, "\xef\xbf", 2) == 0 &&
	       (unsigned char)s[2] >= 0xBE;
}

/* Text as XML character data: markup escaped, control characters dropped
 * (XML 1.0 forbids them), bytes that are not UTF-8 read as Latin-1, at
 * most max characters (then an ellipsis). */
static void xml_text(FILE *out, const char *s, size_t len, size_t max)
{
	size_t chars = 0;
	for (size_t i = 0; i < len; chars++) {
		if (chars == max) {
			fputs("\xe2\x80\xa6", out);
			return;
		}
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x80) {
			size_t n = utf8_length((const unsigned char *)s + i,
					       len - i);
			if (xml_nonchar(s + i, n))
				i += n;	/* dropped, as control characters are */
			else
				i += utf8_put(out, s + i, len - i);
			continue;
		}
		if (c == '&')
			fputs("&amp;", out);
		else if (c == '<')
			fputs("&lt;", out);
		else if (c == '>')
			fputs("&gt;", out);
		else if (c >= 0x20 && c != 0x7f)
			putc(c, out);
		i++;
	}
}

static void text(struct plot *p, double x, double y, const char *anchor,
		 unsigned size, const char *style, const char *s, size_t len,
		 size_t max)
{
	fprintf(p->out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" "
		"font-size=\"%u\"%s>", x, y, anchor, size, style);
	xml_text(p->out, s, len, max);
	fputs("</text>\n", p->out);
}

static void textf(struct plot *p, double x, double y, const char *anchor,
		  unsigned size, const char *style, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));

static void textf(struct plot *p, double x, double y, const char *anchor,
		  unsigned size, const char *style, const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	text(p, x, y, anchor, size, style, buf, strlen(buf), sizeof buf);
}

/* A bar with its tooltip: "label: value". */
static void bar(struct plot *p, double x, double y, double w, double h,
		const char *fill, const char *label, size_t len, uint64_t v)
{
	if (w <= 0)
		return;
	fprintf(p->out, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" "
		"width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>", x, y, w, h,
		fill);
	xml_text(p->out, label, len, 200);
	fprintf(p->out, ": %llu</title></rect>\n", (unsigned long long)v);
}

static void line(struct plot *p, double x1, double y1, double x2, double y2,
		 const char *stroke)
{
	fprintf(p->out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
		"stroke=\"%s\" stroke-width=\"1\"/>\n", x1, y1, x2, y2, stroke);
}

static void panel_title(struct plot *p, const char *title)
{
	p->y += 28;
	text(p, MARGIN, p->y, "start", 16, " font-weight=\"bold\"", title,
	     strlen(title), 120);
	p->y += 12;
}

/* A step of 1, 2 or 5 times a power of ten giving at most 5 grid lines. */
static uint64_t nice_step(uint64_t max)
{
	uint64_t step = 1;
	for (;;) {
		static const uint64_t m[] = { 1, 2, 5 };
		for (size_t i = 0; i < 3; i++)
			if (max / (step * m[i]) <= 5)
				return step * m[i];
		step *= 10;
	}
}

/* ------------------------------------------------------------ the panels */

static void plot_header(struct plot *p)
{
	const struct group *t = &p->total;
	p->y = MARGIN + 6;
	text(p, MARGIN, p->y, "start", 20, " font-weight=\"bold\"",
	     "game-stats", 10, 20);
	p->y += 22;
	if (p->s->tags_only) {
		textf(p, MARGIN, p->y, "start", 13, "", "%llu %s, from "
		      "their tags only (no moves read)%s%s",
		      (unsigned long long)t->c[ST_GAMES],
		      plural(t->c[ST_GAMES], "game", "games"),
		      p->s->group_by ? "; grouped by " : "",
		      p->s->group_by ? p->s->group_by : "");
		p->y += 6;
		return;
	}
	uint64_t shown = st_shown_games(t, p->o->skip_invalid);
	char mean[32] = "-";
	if (t->c[ST_GAMES])
		snprintf(mean, sizeof mean, "%.1f", (double)t->c[ST_PLIES] /
			 (double)t->c[ST_GAMES]);
	textf(p, MARGIN, p->y, "start", 13, "", "%llu %s: %llu valid, "
	      "%llu invalid%s; mean length %s plies%s%s",
	      (unsigned long long)shown, plural(shown, "game", "games"),
	      (unsigned long long)t->c[ST_GAMES],
	      (unsigned long long)t->c[ST_INVALID],
	      p->o->skip_invalid ? " (left out)" : "", mean,
	      p->s->group_by ? "; grouped by " : "",
	      p->s->group_by ? p->s->group_by : "");
	p->y += 6;
}

static void histogram_axes(struct plot *p, double x0, double y0, double w,
			   double h, uint64_t max)
{
	uint64_t step = nice_step(max);
	for (uint64_t v = 0; v <= max; v += step) {
		double y = y0 + h - h * (double)v / (double)max;
		line(p, x0, y, x0 + w, y, GRID);
		textf(p, x0 - 6, y + 4, "end", 11, "", "%llu",
		      (unsigned long long)v);
	}
	textf(p, x0 + w / 2, y0 + h + 34, "middle", 12, "",
	      "plies (valid games)");
	fprintf(p->out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
		"font-size=\"12\" transform=\"rotate(-90 %.1f %.1f)\">games"
		"</text>\n", (double)MARGIN + 8, y0 + h / 2, (double)MARGIN + 8,
		y0 + h / 2);
}

static void plot_histogram(struct plot *p)
{
	struct length_bin bins[40];
	size_t n = st_length_bins(&p->total, bins, 40);
	panel_title(p, "Game length");
	if (!n) {
		text(p, MARGIN, p->y + 16, "start", 12, "", "no valid games", 14, 20);
		p->y += 24;
		return;
	}
	uint64_t max = 1, width = n > 1 ? bins[1].from : 10;
	for (size_t i = 0; i < n; i++)
		max = bins[i].games > max ? bins[i].games : max;
	max = (max / nice_step(max) + 1) * nice_step(max);
	double x0 = MARGIN + 70, y0 = p->y + 10, w = WIDTH - x0 - MARGIN,
	       h = 200, bw = w / (double)n;
	histogram_axes(p, x0, y0, w, h, max);
	for (size_t i = 0; i < n; i++) {
		char label[48];
		if (bins[i].open)
			snprintf(label, sizeof label, "%llu+ plies",
				 (unsigned long long)bins[i].from);
		else
			snprintf(label, sizeof label, "%llu-%llu plies",
				 (unsigned long long)bins[i].from,
				 (unsigned long long)(bins[i].from + width - 1));
		double bh = h * (double)bins[i].games / (double)max;
		bar(p, x0 + bw * (double)i + 1, y0 + h - bh, bw - 2, bh, BLUE,
		    label, strlen(label), bins[i].games);
		/* Ticks at the bin edges; the open bin is labelled in its
		 * middle, "190+". */
		if (bins[i].open)
			textf(p, x0 + bw * (double)i + bw / 2, y0 + h + 16,
			      "middle", 11, "", "%llu+",
			      (unsigned long long)bins[i].from);
		else if (i % (n > 20 ? 2 : 1) == 0)
			textf(p, x0 + bw * (double)i, y0 + h + 16, "middle", 11,
			      "", "%llu", (unsigned long long)bins[i].from);
	}
	line(p, x0, y0 + h, x0 + w, y0 + h, INK);
	p->y = y0 + h + 40;
}

static void legend(struct plot *p, size_t nparts)
{
	double x = MARGIN;
	for (size_t i = 0; i < nparts; i++) {
		fprintf(p->out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" "
			"height=\"12\" fill=\"%s\" stroke=\"%s\"/>\n", x,
			p->y + 4, result_parts[i].fill, INK);
		text(p, x + 17, p->y + 14, "start", 12, "",
		     result_parts[i].label, strlen(result_parts[i].label), 20);
		x += 34 + 8.0 * (double)strlen(result_parts[i].label);
	}
	p->y += 24;
}

/* One 100% stacked bar of results of a row of games. */
static void result_bar(struct plot *p, const char *label, size_t len,
		       const uint64_t part[NPARTS], size_t nparts)
{
	uint64_t sum = 0;
	for (size_t i = 0; i < nparts; i++)
		sum += part[i];
	double x = MARGIN + LABEL_W, w = WIDTH - x - MARGIN - VALUE_W;
	text(p, x - 8, p->y + 13, "end", 12, "", label, len, 40);
	for (size_t i = 0; i < nparts && sum; i++) {
		double bw = w * (double)part[i] / (double)sum;
		char tip[64];
		snprintf(tip, sizeof tip, "%s %.1f%%", result_parts[i].label,
			 100.0 * (double)part[i] / (double)sum);
		bar(p, x, p->y, bw, BAR_H, result_parts[i].fill, tip,
		    strlen(tip), part[i]);
		/* The share written on the segment when it fits, in ink that
		 * shows on its fill. */
		if (bw >= 44)
			textf(p, x + bw / 2, p->y + 12.5, "middle", 11,
			      i == 2 ? " fill=\"#ffffff\"" : "", "%.1f%%",
			      100.0 * (double)part[i] / (double)sum);
		x += bw;
	}
	fprintf(p->out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		"height=\"%d\" fill=\"none\" stroke=\"%s\"/>\n",
		(double)(MARGIN + LABEL_W), p->y, w, BAR_H, INK);
	textf(p, WIDTH - MARGIN, p->y + 13, "end", 12, "", "%llu %s",
	      (unsigned long long)sum, plural(sum, "game", "games"));
	p->y += ROW_H;
}

static void group_parts(const struct group *g, uint64_t part[NPARTS])
{
	for (size_t i = 0; i < NPARTS; i++)
		part[i] = g->c[result_parts[i].stat];
}

static void plot_results(struct plot *p)
{
	/* Invalid last: left out when skipped, or never found. */
	size_t nparts = p->o->skip_invalid || p->s->tags_only ? NPARTS - 1
							      : NPARTS;
	uint64_t part[NPARTS];
	panel_title(p, p->s->group_by ? "Results by group" : "Results");
	legend(p, nparts);
	group_parts(&p->total, part);
	result_bar(p, "all games", 9, part, nparts);
	if (!p->s->group_by)
		return;
	size_t top = p->o->top ? p->o->top : 30;
	size_t *idx, n = st_rank_groups(p->s, p->o->sort, top, &idx);
	for (size_t k = 0; k < n; k++) {
		const struct smap_entry *e = &p->s->groups.entries[idx[k]];
		group_parts(st_group_at(p->s, idx[k]), part);
		result_bar(p, e->key, e->len, part, nparts);
	}
	free(idx);
}

/* "standard e4 e5 Nf3" as "1.e4 e5 2.Nf3" (variant prefixed unless
 * standard) into buf. */
static void opening_label(const char *key, char *buf, size_t n)
{
	const char *sp = strchr(key, ' ');
	size_t len = 0, vlen = sp ? (size_t)(sp - key) : strlen(key);
	unsigned ply = 0;
	buf[0] = 0;
	if (!(vlen == 8 && memcmp(key, "standard", 8) == 0))
		len += (size_t)snprintf(buf, n, "%.*s: ", (int)vlen, key);
	for (const char *q = sp; q && *q && len < n;) {
		const char *end = strchr(++q, ' ');
		int mlen = (int)(end ? (size_t)(end - q) : strlen(q));
		if (ply % 2 == 0)
			len += (size_t)snprintf(buf + len, n - len, "%s%u.%.*s",
						ply ? " " : "", ply / 2 + 1, mlen, q);
		else
			len += (size_t)snprintf(buf + len, n - len, " %.*s",
						mlen, q);
		ply++;
		q = end;
	}
}

/* The openings panel: bars as long as the games, split by result. */
static void opening_row(struct plot *p, const char *label, size_t len,
			const struct tally *t, uint64_t max)
{
	static const enum tally_field fields[] = { TF_WINS, TF_DRAWS,
						   TF_LOSSES, TF_UNFINISHED };
	double x = MARGIN + LABEL_W, w = WIDTH - x - MARGIN - VALUE_W;
	text(p, x - 8, p->y + 13, "end", 12, "", label, len, 44);
	for (size_t i = 0; i < 4; i++) {
		double bw = w * (double)t->v[fields[i]] / (double)max;
		char tip[300];
		snprintf(tip, sizeof tip, "%.*s, %s", (int)len, label,
			 result_parts[i].label);
		bar(p, x, p->y, bw, BAR_H, result_parts[i].fill, tip,
		    strlen(tip), t->v[fields[i]]);
		x += bw;
	}
	textf(p, WIDTH - MARGIN, p->y + 13, "end", 12, "", "%llu %s",
	      (unsigned long long)st_tally_games(t),
	      plural(st_tally_games(t), "game", "games"));
	p->y += ROW_H;
}

static void plot_openings(struct plot *p)
{
	/* First-N-ply sequences; the [ECO] tags when there are none. */
	enum table_id id = p->s->tables[TB_OPENINGS].map.n ? TB_OPENINGS
							    : TB_ECO;
	const struct table *t = &p->s->tables[id];
	size_t top = p->o->top && p->o->top < 15 ? p->o->top : 15;
	size_t *idx, n = st_rank_table(p->s, id, top, &idx);
	char title[80];
	if (id == TB_OPENINGS)
		snprintf(title, sizeof title, "Most frequent openings (first "
			 "%u %s)", p->s->opening_plies,
			 plural(p->s->opening_plies, "ply", "plies"));
	else
		snprintf(title, sizeof title, "Most frequent ECO codes");
	panel_title(p, title);
	if (!n) {
		text(p, MARGIN, p->y + 16, "start", 12, "", "no openings counted",
		     19, 40);
		p->y += 24;
	}
	uint64_t max = n ? st_tally_games(&t->v[idx[0]]) : 1;
	for (size_t k = 0; k < n; k++) {
		const struct smap_entry *e = &t->map.entries[idx[k]];
		char label[256];
		if (id == TB_OPENINGS)
			opening_label(e->key, label, sizeof label);
		else
			snprintf(label, sizeof label, "%s", e->key);
		opening_row(p, label, strlen(label), &t->v[idx[k]], max);
	}
	free(idx);
}

/* Horizontal bars of labelled counters; rows that are 0 are left out when
 * skip_zero.  Returns the rows drawn. */
static size_t plot_counters(struct plot *p, const struct stat_label *l,
			    size_t n, const char *fill, bool skip_zero,
			    uint64_t whole)
{
	uint64_t max = 1;
	size_t drawn = 0;
	for (size_t i = 0; i < n; i++)
		max = p->total.c[l[i].stat] > max ? p->total.c[l[i].stat] : max;
	double x = MARGIN + LABEL_W, w = WIDTH - x - MARGIN - VALUE_W;
	for (size_t i = 0; i < n; i++) {
		uint64_t v = p->total.c[l[i].stat];
		if (skip_zero && !v)
			continue;
		char label[96];
		snprintf(label, sizeof label, "%s%s%s%s", l[i].label,
			 l[i].variant ? " (" : "", l[i].variant ? l[i].variant : "",
			 l[i].variant ? ")" : "");
		text(p, x - 8, p->y + 13, "end", 12, "", label, strlen(label), 44);
		bar(p, x, p->y, w * (double)v / (double)max, BAR_H, fill, label,
		    strlen(label), v);
		if (whole)
			textf(p, WIDTH - MARGIN, p->y + 13, "end", 12, "",
			      "%llu (%.1f%%)", (unsigned long long)v,
			      100.0 * (double)v / (double)whole);
		else
			textf(p, WIDTH - MARGIN, p->y + 13, "end", 12, "",
			      "%llu", (unsigned long long)v);
		p->y += ROW_H;
		drawn++;
	}
	return drawn;
}

static void plot_endings(struct plot *p)
{
	panel_title(p, "How the games ended");
	if (!plot_counters(p, st_endings, 6, GREEN, false,
			   p->total.c[ST_GAMES]))
		p->y += ROW_H;
}

static void plot_moves(struct plot *p)
{
	panel_title(p, "Moves by piece (main lines)");
	if (!plot_counters(p, st_moves, 8, BLUE, true, 0)) {
		text(p, MARGIN, p->y + 16, "start", 12, "", "no moves", 8, 20);
		p->y += 24;
	}
	panel_title(p, "Variant events");
	if (!plot_counters(p, st_events,
			   sizeof st_events / sizeof *st_events, PURPLE,
			   true, 0)) {
		static const char none[] = "none: no Tandem, EMAP, Random "
			"Pawns, Pushpawn or Pauli events in these games";
		text(p, MARGIN, p->y + 16, "start", 12, "", none,
		     sizeof none - 1, 100);
		p->y += 24;
	}
}

void stats_plot_svg(FILE *out, const struct stats *s,
		    const struct stats_output *o)
{
	char *body = NULL;
	size_t len = 0;
	struct plot p = { .s = s, .o = o };
	p.out = open_memstream(&body, &len);
	if (!p.out)
		pawnkit_out_of_memory();
	st_total(s, &p.total);
	fprintf(p.out, "<g font-family=\"%s\" fill=\"%s\">\n", FONT, INK);
	plot_header(&p);
	if (s->tags_only) {
		/* Without moves: no lengths, openings by plies, endings. */
		plot_results(&p);
	} else {
		plot_histogram(&p);
		plot_results(&p);
		plot_openings(&p);
		plot_endings(&p);
		plot_moves(&p);
	}
	fputs("</g>\n", p.out);
	fclose(p.out);
	int height = (int)p.y + MARGIN;
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
		"width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n"
		"<title>game-stats</title>\n"
		"<desc>Charts of game-stats (pawnkit): game lengths, results, "
		"openings, endings, moves and variant events.</desc>\n"
		"<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
		WIDTH, height, WIDTH, height);
	fwrite(body, 1, len, out);
	fputs("</svg>\n", out);
	free(body);
	st_group_release(&p.total);
}
