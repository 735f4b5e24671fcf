import Testing
@testable import GestoInput
