import ArgumentParser
import Foundation
import Larder

extension InitCommand {
    /// `larder init --from-cooklang [DIR]`: a larder.json for the Cooklang
    /// folder DIR, never over one that is there; prints what it found.
    func runFromCooklang() throws {
        let folder = URL(fileURLWithPath: directory)
        let starter: CooklangStarter
        do {
            starter = try CooklangStarter.survey(folder)
        } catch {
            throw failure(error.description, status: ExitStatus.usage)
        }
        guard starter.isCooklangFolder else {
            throw failure(
                "\(directory): no .cook or .menu files and no config/aisle.conf or config/pantry.conf; run 'larder init' without --from-cooklang to start a new data folder",
                status: ExitStatus.usage)
        }
        do {
            try FileCreator(folder: folder).create([starter.config])
        } catch {
            throw authoringFailure(error, directory: directory, what: "larder.json is yours to edit; --from-cooklang only starts one")
        }
        var out = "found \(count(starter.recipeFiles, "recipe")) (.cook) and \(count(starter.menuFiles, "menu")) (.menu)\n"
        if starter.hasAisleConf {
            let names = starter.aisleCategories.map(\.name)
            out += "found \(shown("config/aisle.conf", in: directory)): \(count(names.count, "category", "categories"))"
                + (names.isEmpty ? "" : " (\(names.joined(separator: ", ")))") + ", the order of shopping sheets\n"
        }
        if starter.hasPantryConf {
            out += "found \(shown("config/pantry.conf", in: directory)): \(starter.stockItems) in stock, \(count(starter.staples, "staple"))\n"
        }
        out += "created \(shown("larder.json", in: directory)): title \"\(starter.title)\""
            + (starter.current.map { ", current list \"\($0)\"" } ?? "") + "\n"
        let check = directory == "." ? "larder check" : "larder check \(shellQuoted(directory))"
        out += """

            aisle.conf and pantry.conf are read on every run; what larder.json says \
            (catalog, categories, aliases, pantry) wins over them.
            Next:
              \(check)

            """
        Terminal.document(out)
    }

    private func count(_ number: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
    }
}
