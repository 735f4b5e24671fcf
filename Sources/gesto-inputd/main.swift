// gesto-inputd: the opt-in input proxy (protocol/inputd.md, gesto-inputd(8)).
import GestoInputProxy

InputProxyMain.run()
