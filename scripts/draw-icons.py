# Draws the app icons (build/icon.png, 512x512; assets/tray.png, 32x32): a green disc
# with a white till-receipt mark. Plain PNG written by hand, so no image tools are needed.
import struct, zlib

def png(size, pixel):
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            row += bytes(pixel(x / size, y / size))
        rows.append(bytes(row))
    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
    header = struct.pack('>IIBBBBB', size, size, 8, 6, 0, 0, 0)
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', header) + chunk(b'IDAT', zlib.compress(b''.join(rows), 9)) + chunk(b'IEND', b'')

def pixel(u, v):
    dx, dy = u - 0.5, v - 0.5
    if dx * dx + dy * dy > 0.47 ** 2:
        return (0, 0, 0, 0)
    receipt = 0.32 <= u <= 0.68 and 0.22 <= v <= 0.78
    line = receipt and any(abs(v - y) < 0.025 for y in (0.36, 0.48, 0.60)) and u < 0.6
    if receipt and not line:
        return (255, 255, 255, 255)
    return (26, 127, 55, 255)

open('build/icon.png', 'wb').write(png(512, pixel))
open('assets/tray.png', 'wb').write(png(32, pixel))
