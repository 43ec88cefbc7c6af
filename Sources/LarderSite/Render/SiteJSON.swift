import LarderCore

/// JSON the site writes (JSON-LD, the search index): ``JSONOutput``, whose
/// `text` and `bytes` are compact and safe inside an HTML `<script>` element.
typealias SiteJSON = JSONOutput
