// gesto-inputd's entry point: options, then the proxy's event loop.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

public enum InputProxyMain {
    public static func run() -> Never {
        print("gesto-inputd: not yet")
        exit(1)
    }
}
