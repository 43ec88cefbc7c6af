import Larder

extension SiteBuilder {
    /// The sheet's folder inside a list's folder.
    static let printFolder = "print/"

    /// `lists/<id>/print/index.html`: the shopping list's printable sheet,
    /// the same sheet `larder print LIST` writes, with its stylesheet linked
    /// (`assets/print.css`) and no date: a build cannot know when the page
    /// will be printed, and builds stay byte-identical.
    func printPage(_ list: ShoppingList) throws(ThemeError) -> [OutputFile] {
        let path = page(listFolder(list) + Self.printFolder)
        let plan: ShoppingPlan
        do {
            // Made with the list page's plan (`makePlans`) when it renders.
            plan = try printPlans[list.id] ?? ShoppingPlanner.plan(ShoppingRequest(lists: [list.id]), in: kitchen)
        } catch {
            // The check before the build refuses unknown recipes, so this is
            // a defect; it still stops the build with the list named.
            throw ThemeError(template: "print.mustache", reason: "has no plan for \(list.path): \(error)")
        }
        let sheet = PrintSheet(plan: plan, kitchen: kitchen, onlineURL: absoluteURL(listFolder(list)))
        let html = try sheet.htmlBytes(
            theme: theme, stylesheet: .linked(href: root(of: path) + "assets/print.css"),
            backHref: "../index.html", noindex: list.visibility == .unlisted
        )
        return [OutputFile(path: path, bytes: html)]
    }
}
