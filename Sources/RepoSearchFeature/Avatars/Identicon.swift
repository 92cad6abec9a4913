/// An 80 × 80 identicon PNG for a login (api.md §3.6): a symmetric 5 × 5 grid whose colour and cells
/// come from the login, so every `avatar_url` a client follows answers with a stable image.
enum Identicon {
    static let size = 80
    static let cells = 5

    /// The PNG bytes for `login` (any text; the same login always gives the same bytes).
    static func png(for login: String) -> [UInt8] {
        let hash = LoginHash.fnv(login)
        let colour = [40, 48, 56].map { UInt8(truncatingIfNeeded: hash >> UInt64($0)) | 0x40 }
        let background: [UInt8] = [0xF0, 0xF0, 0xF0]
        var filled = [[Bool]](repeating: [Bool](repeating: false, count: cells), count: cells)
        for row in 0..<cells {
            for column in 0...(cells / 2) {
                let on = (hash >> UInt64(row * 3 + column)) & 1 == 1
                filled[row][column] = on
                filled[row][cells - 1 - column] = on
            }
        }
        let cell = size / cells
        var raw: [UInt8] = []
        raw.reserveCapacity(size * (size * 3 + 1))
        for y in 0..<size {
            raw.append(0)
            for x in 0..<size {
                raw.append(contentsOf: filled[y / cell][x / cell] ? colour : background)
            }
        }
        return PNG.encode(width: size, height: size, rgbRows: raw)
    }
}

/// A 64-bit FNV-1a of a string, for picking identicon colours and cells.
enum LoginHash {
    static func fnv(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}

/// A minimal PNG encoder: 8-bit RGB, one IDAT holding a zlib stream of stored (uncompressed)
/// deflate blocks — valid for every decoder and small enough for 80 × 80 pixels.
enum PNG {
    /// `rgbRows` holds each row as a filter byte (0) followed by width × 3 bytes.
    static func encode(width: Int, height: Int, rgbRows: [UInt8]) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]
        chunk("IHDR", header, into: &png)
        chunk("IDAT", zlibStored(rgbRows), into: &png)
        chunk("IEND", [], into: &png)
        return png
    }

    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let isLast = offset + length == data.count
            stream.append(isLast ? 1 : 0)
            stream += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            stream += data[offset..<offset + length]
            offset += length
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return stream + bigEndian(b << 16 | a)
    }

    private static func chunk(_ type: String, _ data: [UInt8], into png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png += bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
