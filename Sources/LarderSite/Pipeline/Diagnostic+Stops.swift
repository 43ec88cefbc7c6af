import Larder
import LarderCore

/// The errors that stop a run, as diagnostics: a code, the path where there
/// is one, the message, and a hint. `SiteBuild` turns whatever stops it into
/// one of these, so every front end prints them as it prints the data's
/// (`DiagnosticFormatter`); they read as the errors' own descriptions did.

extension ThemeError {
    /// `theme-error`: the template is named in the message (a built-in
    /// template has no path).
    public var diagnostic: Diagnostic {
        .error(SiteBuild.StopCode.themeError.rawValue, description, at: nil)
    }
}

extension SecretError {
    /// `bad-secret`: at the secret file, or naming `LARDER_SECRET`.
    public var diagnostic: Diagnostic {
        let code = SiteBuild.StopCode.badSecret.rawValue
        guard source != UnlistedLinks.variable else {
            return .error(code, "\(source): \(reason)", at: nil, hint: hint)
        }
        return .error(code, reason, at: .file(source), hint: hint)
    }
}

extension SiteBuildError {
    /// `render-failed`, at the data file at fault when there is one.
    public var diagnostic: Diagnostic {
        .error(SiteBuild.StopCode.renderFailed.rawValue, reason, at: path.map(SourceLocation.file))
    }
}

extension SiteWriteError {
    /// `write-failed` (or `code`), at the file or folder that could not be
    /// written or used.
    public func diagnostic(_ code: SiteBuild.StopCode = .writeFailed) -> Diagnostic {
        .error(code.rawValue, reason, at: .file(path))
    }
}
