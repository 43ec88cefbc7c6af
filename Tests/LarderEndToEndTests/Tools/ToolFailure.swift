/// A checker that did not run, or printed something other than its report:
/// the test fails with the tool's own output.
struct ToolFailure: Error, CustomStringConvertible {
    var tool: String
    var status: Int32
    var output: String

    var description: String { "\(tool) exited with \(status):\n\(output)" }
}
