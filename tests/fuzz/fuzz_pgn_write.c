/* The PGN writer (pgn-convert's export format, every notation and strip
 * option): see writer.h. */
#include "writer.h"

static void read_back(const char *text, size_t len, const struct conv_opts *o)
{
	(void)o;
	fuzz_pgn_reads_back(text, len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct writer w = { fmt_pgn_write_game, read_back };
	return fuzz_writer(&w, data, size);
}
