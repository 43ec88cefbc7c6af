import LarderQuantities

/// The formatter's old name in the page code: every amount, duration and
/// price is written by ``QuantityDisplay`` (LarderQuantities). Call sites
/// can say `QuantityDisplay` and this alias go.
typealias AmountFormat = QuantityDisplay
