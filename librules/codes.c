/* Random Pawns codes as written: three letters of X M C O, and the d20
 * table of pawnkit-variants(7).  Text and table only, for the FEN reader,
 * the notation and the variant alike. */
#include <string.h>

#include "variant.h"

uint8_t code_from_d20(int n)
{
	static const char *const d20[20] = {
		"MMM", "MMC", "MCM", "MCC", "CMM", "CMC", "CCM", "CCC", "OXM",
		"OXC", "OMX", "OCX", "XOM", "XOC", "MOX", "COX", "MXO", "CXO",
		"XMO", "XCO",
	};
	uint8_t code = 0;
	if (n >= 1 && n <= 20)
		code_parse(d20[n - 1], &code);
	return code;
}

/* Letters in either case (the FEN reader upper-cases them already). */
int code_parse(const char *s, uint8_t *code)
{
	static const char letters[] = "XMCO";
	uint8_t c = CODE_SET;
	for (int i = 0; i < 3; i++) {
		char up = (char)(s[i] >= 'a' && s[i] <= 'z' ? s[i] - 32 : s[i]);
		const char *at = up ? strchr(letters, up) : NULL;
		if (!at)
			return -1;
		c |= (uint8_t)((at - letters) << (2 * i));
	}
	if (s[3])
		return -1;
	*code = c;
	return 0;
}

void code_name(uint8_t code, char buf[4])
{
	static const char letters[] = "XMCO";
	for (int i = 0; i < 3; i++)
		buf[i] = letters[CODE_DIR(code, i)];
	buf[3] = 0;
}
