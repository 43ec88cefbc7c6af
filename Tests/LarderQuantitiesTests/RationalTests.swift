import Testing
@testable import LarderQuantities
