// Screenshots of the headless sway for the overlay tests: grim (run as the sway user, on its
// socket) writes a binary PPM, which is trivial to parse, and a helper finds a colour's pixels.
import Foundation
import Glibc

/// An RGB screenshot from grim.
struct Screenshot {
    let width: Int
    let height: Int
    /// RGB bytes, row-major.
    let pixels: [UInt8]

    enum ScreenshotError: Error { case grimFailed(Int32, String), badPPM(String) }

    /// Runs `grim -t ppm -` against the harness's sway.
    static func take(_ sway: SwayHarness) throws -> Screenshot {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SwayHarness.findExecutable("runuser")!)
        let display = (sway.waylandPath as NSString).lastPathComponent
        process.arguments = ["-u", SwayHarness.user, "--", "env", "XDG_RUNTIME_DIR=\(sway.runtimeDirectory.path)",
                             "WAYLAND_DISPLAY=\(display)", "grim", "-t", "ppm", "-"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ScreenshotError.grimFailed(process.terminationStatus, String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
        return try parsePPM([UInt8](data))
    }

    /// Parses a binary PPM (P6, maxval 255).
    static func parsePPM(_ bytes: [UInt8]) throws -> Screenshot {
        var index = 0
        func token() -> String {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0a || bytes[index] == 0x0d || bytes[index] == 0x09 { index += 1 }
            var text = ""
            while index < bytes.count, !(bytes[index] == 0x20 || bytes[index] == 0x0a || bytes[index] == 0x0d || bytes[index] == 0x09) {
                text.append(Character(UnicodeScalar(bytes[index]))); index += 1
            }
            return text
        }
        guard token() == "P6", let width = Int(token()), let height = Int(token()), token() == "255" else {
            throw ScreenshotError.badPPM("header")
        }
        index += 1
        guard bytes.count - index >= width * height * 3 else { throw ScreenshotError.badPPM("short data") }
        return Screenshot(width: width, height: height, pixels: Array(bytes[index..<(index + width * height * 3)]))
    }

    /// The RGB of pixel (`x`, `y`).
    func pixel(x: Int, y: Int) -> [UInt8] {
        let i = (y * width + x) * 3
        return Array(pixels[i..<(i + 3)])
    }

    /// The bounding box (minX, minY, maxX, maxY; inclusive) of pixels within `tolerance` of the
    /// colour, or nil when there are none.
    func boundingBox(red: UInt8, green: UInt8, blue: UInt8, tolerance: Int = 3) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var box: (Int, Int, Int, Int)?
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                if abs(Int(pixels[i]) - Int(red)) <= tolerance && abs(Int(pixels[i + 1]) - Int(green)) <= tolerance
                    && abs(Int(pixels[i + 2]) - Int(blue)) <= tolerance {
                    if let b = box { box = (min(b.0, x), min(b.1, y), max(b.2, x), max(b.3, y)) } else { box = (x, y, x, y) }
                }
            }
        }
        return box.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3) }
    }
}
