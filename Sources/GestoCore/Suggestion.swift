// The did-you-mean of every message that names a word from a fixed set (commands, options,
// formats, modes, keys, key names, directions, actions): one distance, one wording, here in the
// lowest layer, so a gesture name rejected by GestoCore itself suggests as the config does.

/// The candidate nearest to `word` by edit distance, if it is close (a typo). A swap of two
/// neighbouring letters counts as one edit (`exce`, `kyes`, `mdoe`, `gestrue`), as in the
/// optimal-string-alignment distance.
public func closest(_ word: String, among candidates: [String]) -> String? {
    func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
    let chars = Array(word)
    let best = candidates.map { ($0, distance(chars, Array($0))) }.min { $0.1 < $1.1 }
    guard let best, best.1 <= max(1, word.count / 3) else { return nil }
    return best.0
}

/// `; did you mean 'status'?` when `word` is a typo of one of `candidates` (see ``closest(_:among:)``),
/// else the empty string: appended to an "unknown …" message.
public func didYouMean(_ word: String, among candidates: [String]) -> String {
    guard !word.isEmpty, let meant = closest(word, among: candidates), meant != word else { return "" }
    return didYouMean(meant: meant)
}

/// `; did you mean 'Return'?` for a suggestion found another way (xkbcommon's case folding),
/// else the empty string.
public func didYouMean(meant: String?) -> String {
    meant.map { "; did you mean '\($0)'?" } ?? ""
}
