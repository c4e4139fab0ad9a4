"""A small PNG reader (Python standard library only) for the render tests.

Reads 8-bit greyscale, grey+alpha, RGB and RGBA images, non-interlaced, as
rsvg-convert writes them; undoes the five scanline filters of the PNG
specification.  pixel(x, y) gives (r, g, b, a).
"""
import struct
import zlib

_CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}


class PNG:
    def __init__(self, path):
        with open(path, "rb") as f:
            data = f.read()
        if data[:8] != b"\x89PNG\r\n\x1a\n":
            raise ValueError(f"{path}: not a PNG file")
        pos, idat = 8, []
        while pos < len(data):
            length, kind = struct.unpack(">I4s", data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            pos += 12 + length
            if kind == b"IHDR":
                (self.width, self.height, depth, color, _, _,
                 interlace) = struct.unpack(">IIBBBBB", body)
                if depth != 8 or color not in _CHANNELS or interlace:
                    raise ValueError(f"{path}: unsupported PNG "
                                     f"(depth {depth}, colour {color})")
                self.channels = _CHANNELS[color]
            elif kind == b"IDAT":
                idat.append(body)
            elif kind == b"IEND":
                break
        self.rows = self._unfilter(zlib.decompress(b"".join(idat)))

    def _unfilter(self, raw):
        bpp, stride = self.channels, self.width * self.channels
        rows, prev, pos = [], bytearray(stride), 0
        for _ in range(self.height):
            kind, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride])
            pos += 1 + stride
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                if kind == 1:
                    line[i] = (line[i] + a) & 255
                elif kind == 2:
                    line[i] = (line[i] + b) & 255
                elif kind == 3:
                    line[i] = (line[i] + (a + b) // 2) & 255
                elif kind == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                    line[i] = (line[i] + pred) & 255
            rows.append(line)
            prev = line
        return rows

    def pixel(self, x, y):
        """(r, g, b, a) at column x, row y."""
        px = self.rows[y][x * self.channels:(x + 1) * self.channels]
        if self.channels == 1:
            return (px[0], px[0], px[0], 255)
        if self.channels == 2:
            return (px[0], px[0], px[0], px[1])
        if self.channels == 3:
            return (px[0], px[1], px[2], 255)
        return tuple(px)


def luminance(rgba):
    """Perceived brightness 0..255 (Rec. 601 weights)."""
    r, g, b = rgba[:3]
    return 0.299 * r + 0.587 * g + 0.114 * b
