"""Pixel tests of fen-render's SVG: render with rsvg-convert, read the PNG
(png.py, standard library only) and look at the pixels a person would.

    python3 tests/render/pixels.py FEN_RENDER

At the natural size a square is 45 pixels and the board starts 20 pixels
from the top left (the label margin), so square (column, row) of the page
covers x 20+45*column .. +45, y 20+45*row .. +45, row 0 at the top.
Prints one line per failure and "pixels: N passed, N failed".
"""
import os
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True     # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from png import PNG, luminance  # noqa: E402

LIGHT_SQUARE = (0xEB, 0xE1, 0xCC)       # board_svg.c, light theme
DARK_SQUARE = (0xA3, 0x82, 0x5F)
WHITE_BODY = (0xFB, 0xFA, 0xF6)          # the White pieces' fill
BLACK_BODY = (0x2A, 0x2A, 0x2A)
MOVE_BLUE = (0x1F, 0x5F, 0xBF)           # Random Pawns marks
CAPTURE_RED = (0xC8, 0x20, 0x2A)

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KINGS = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
MATE = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"


class Checks:
    def __init__(self, command, workdir):
        self.command, self.workdir = command, workdir
        self.passed = self.failed = 0
        self.count = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print(f"FAIL pixels: {what}")

    def render(self, fen, *options):
        """The PNG of one position drawn with the options."""
        self.count += 1
        svg = os.path.join(self.workdir, f"p{self.count}.svg")
        png = os.path.join(self.workdir, f"p{self.count}.png")
        with open(svg, "wb") as out:
            subprocess.run([self.command, "--format", "svg", *options, fen],
                           stdout=out, check=True)
        subprocess.run(["rsvg-convert", svg, "-o", png], check=True)
        return PNG(png)


def near(a, b, tolerance=6):
    return all(abs(x - y) <= tolerance for x, y in zip(a[:3], b[:3]))


def square_pixels(img, col, row, inset=0):
    """Every pixel of a page square, a margin of inset pixels left out."""
    x0, y0 = 20 + 45 * col, 20 + 45 * row
    return [img.pixel(x, y)
            for y in range(y0 + inset, y0 + 45 - inset)
            for x in range(x0 + inset, x0 + 45 - inset)]


def count(pixels, colour, tolerance=6):
    return sum(1 for p in pixels if near(p, colour, tolerance))


def has_piece(img, col, row, body):
    """A piece of that fill colour stands on the square: a good part of
    the square is its body, and some pixels are its dark outline."""
    pixels = square_pixels(img, col, row)
    outline = sum(1 for p in pixels if luminance(p) < 50)
    return count(pixels, body) > 120 and outline > 40


def is_empty(img, col, row, square):
    pixels = square_pixels(img, col, row)
    return count(pixels, square) == len(pixels)


def test_board(c):
    img = c.render(START)
    c.check(img.width == 400 and img.height == 400,
            f"natural size 400x400, got {img.width}x{img.height}")
    a1, b1 = img.pixel(20 + 2, 20 + 315 + 2), img.pixel(65 + 2, 335 + 2)
    c.check(near(a1, DARK_SQUARE) and luminance(a1) < 150,
            f"a1 is a dark square: {a1}")
    c.check(near(b1, LIGHT_SQUARE) and luminance(b1) > 200,
            f"b1 is a light square: {b1}")
    c.check(has_piece(img, 4, 7, WHITE_BODY), "a White piece on e1")
    c.check(has_piece(img, 4, 0, BLACK_BODY), "a Black piece on e8")
    c.check(is_empty(img, 4, 4, LIGHT_SQUARE), "e4 empty and light")
    c.check(is_empty(img, 3, 4, DARK_SQUARE), "d4 empty and dark")
    label = [img.pixel(x, y) for y in range(380, 400) for x in range(200, 245)]
    c.check(any(luminance(p) < 140 for p in label), "a label under file e")


def test_flip(c):
    up, down = c.render(KINGS), c.render(KINGS, "--flip")
    c.check(has_piece(up, 4, 7, WHITE_BODY), "unflipped: White king on e1")
    c.check(has_piece(up, 4, 0, BLACK_BODY), "unflipped: Black king on e8")
    c.check(has_piece(down, 3, 0, WHITE_BODY),
            "flipped: White king at the top, fourth column")
    c.check(has_piece(down, 3, 7, BLACK_BODY),
            "flipped: Black king at the bottom, fourth column")
    c.check(is_empty(down, 4, 7, DARK_SQUARE),
            "flipped: the bottom square of the fifth column (d8) is empty")
    corner = down.pixel(22, 335 + 2)
    c.check(near(corner, DARK_SQUARE), f"flipped: h8 bottom left is dark: {corner}")


def test_size_and_theme(c):
    small = c.render(START, "--size", "200", "--no-coords")
    c.check(small.width == 200 and small.height == 200,
            f"--size 200: got {small.width}x{small.height}")
    dark = c.render(START, "--theme", "dark")
    b1 = dark.pixel(65 + 2, 335 + 2)
    c.check(luminance(b1) < 170 and not near(b1, LIGHT_SQUARE),
            f"dark theme: b1 darker than the light theme's: {b1}")
    margin = dark.pixel(2, 2)
    c.check(luminance(margin) < 60, f"dark theme: a dark margin: {margin}")


def test_variants(c):
    one = c.render("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
    two = c.render("4k3/8/8/8/8/8/4T3/4K3 w - - 0 1", "--variant", "tandem")
    single = count(square_pixels(one, 4, 6), WHITE_BODY)
    double = count(square_pixels(two, 4, 6), WHITE_BODY)
    c.check(double > single * 1.3,
            f"tandem on e2 shows two pawns: {double} body pixels, one pawn {single}")
    pauli = c.render("4k3/8/8/8/8/8/8/(Kn)7 w - - 0 1", "--variant", "pauli")
    pixels = square_pixels(pauli, 0, 7)
    left = [p for i, p in enumerate(pixels) if i % 45 < 22]
    right = [p for i, p in enumerate(pixels) if i % 45 >= 23]
    c.check(count(left, WHITE_BODY) > 40 and count(left, BLACK_BODY) < 10,
            "Pauli a1: the White king on the left")
    c.check(count(right, BLACK_BODY) > 20 and count(right, WHITE_BODY) < 10,
            "Pauli a1: the Black knight on the right")
    codes = c.render("4k3/8/8/8/3P{MMM}P{CCC}3/8/8/4K3 w - - 0 1",
                     "--variant", "randompawns")
    # The top 12 pixel rows of d4 and e4: the side facing White's forward.
    d4, e4 = (square_pixels(codes, col, 4)[:45 * 12] for col in (3, 4))
    c.check(count(d4, MOVE_BLUE, 10) > 20 and count(d4, CAPTURE_RED, 10) == 0,
            "Random Pawns MMM on d4: blue move marks on its forward side")
    c.check(count(e4, CAPTURE_RED, 10) > 15 and count(e4, MOVE_BLUE, 10) == 0,
            "Random Pawns CCC on e4: red capture marks on its forward side")
    # The legend under the file labels (y 400 on): a blue and a red mark,
    # and nothing of the kind under a board without codes.
    def strip(img):
        return [img.pixel(x, y) for y in range(402, img.height)
                for x in range(img.width)]
    legend = strip(codes)
    c.check(codes.height == 422 and count(legend, MOVE_BLUE, 10) > 20
            and count(legend, CAPTURE_RED, 10) > 15,
            f"Random Pawns: a legend of the marks under the board "
            f"({codes.height} pixels high)")
    plain = c.render(KINGS)
    c.check(plain.height == 400, "no legend strip without Random Pawns codes")


def test_marks(c):
    img = c.render(KINGS, "--arrow", "a2a6", "--highlight", "h4",
                   "--lastmove=c2c4")
    a4 = img.pixel(20 + 22, 20 + 45 * 4 + 22)
    c.check(a4[1] > a4[0] + 20 and a4[1] > a4[2] + 20,
            f"the arrow a2-a6 is green on a4: {a4}")
    h4 = img.pixel(20 + 315 + 3, 20 + 180 + 3)
    c.check(not near(h4, LIGHT_SQUARE) and not near(h4, DARK_SQUARE),
            f"h4 is tinted: {h4}")
    c4 = img.pixel(20 + 90 + 3, 20 + 180 + 3)
    c.check(c4[0] > c4[2] + 40, f"c4 (last move) has a yellow tint: {c4}")
    mate = c.render(MATE, "--check")
    e8 = square_pixels(mate, 4, 0)
    reds = sum(1 for p in e8 if p[0] > p[1] + 80 and p[0] > p[2] + 80)
    c.check(reds > 100, f"--check: a red glow around the king on e8 ({reds})")
    plain = c.render(MATE)
    reds = sum(1 for p in square_pixels(plain, 4, 0)
               if p[0] > p[1] + 80 and p[0] > p[2] + 80)
    c.check(reds == 0, "no red glow without --check")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: pixels.py FEN_RENDER")
    with tempfile.TemporaryDirectory() as workdir:
        c = Checks(sys.argv[1], workdir)
        for test in (test_board, test_flip, test_size_and_theme,
                     test_variants, test_marks):
            test(c)
    print(f"pixels: {c.passed} passed, {c.failed} failed")
    sys.exit(1 if c.failed else 0)


if __name__ == "__main__":
    main()
