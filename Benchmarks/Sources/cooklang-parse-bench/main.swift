// Parses N generated Cooklang recipes (about 1.5 KB each, like a real
// kitchen's: front matter, sections, steps full of markers, notes,
// comments) on one thread, several times, and prints the median wall and
// CPU time of a whole pass.
//
//   cooklang-parse-bench [RECIPES] [RUNS]     (defaults 10000 and 7)
import Foundation
import LarderCooklang

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let count = arguments.first ?? 10_000
let runs = arguments.dropFirst().first ?? 7

let ingredients = [
    "flour", "olive oil", "garlic", "red onion", "tinned tomatoes", "basil", "parmesan", "butter", "eggs",
    "crème fraîche", "smoked paprika", "chicken thighs", "lemon", "double cream", "spaghetti", "jalapeño",
]
let units = ["g", "ml", "tbsp", "tsp", "cup", "", "cloves", "kg"]
let quantities = ["1", "2", "1/2", "250", "1 1/2", "0.5", "3", "few", "2-3", "100"]

/// Recipe `index`: the same shape every time, different names and amounts.
func recipe(_ index: Int) -> String {
    func ingredient(_ k: Int) -> String {
        let name = ingredients[(index + k * 7) % ingredients.count]
        let quantity = quantities[(index + k) % quantities.count]
        let unit = units[(index * 3 + k) % units.count]
        let amount = unit.isEmpty ? quantity : "\(quantity)%\(unit)"
        return name.contains(" ") || k % 3 == 0 ? "@\(name){\(amount)}" : "@\(name)"
    }
    var text = """
        ---
        title: Weeknight dish number \(index)
        servings: \(2 + index % 5)
        tags: [dinner, quick, batch \(index % 13)]
        source: https://example.org/recipes/\(index)
        ---

        > A family favourite since \(1990 + index % 30); doubles well.

        == Prep ==

        """
    for step in 0..<4 {
        text += """
            Chop \(ingredient(step)) and \(ingredient(step + 1))(finely) on a #chopping board{}, then
            put them in a #large bowl{} with \(ingredient(step + 2)) -- or \(ingredient(step + 3))
            and leave for ~{\(5 + step)%minutes}.


            """
    }
    text += "== Cook ==\n\n"
    for step in 0..<4 {
        text += """
            Heat \(ingredient(step + 4)) in a #frying pan{} over medium heat [- not high -], add \(ingredient(step + 5))
            and cook for ~browning{\(3 + step)%minutes}, stirring with a #wooden spoon{}.


            """
    }
    return text
}

let texts = (0..<count).map(recipe)
let bytes = texts.reduce(0) { $0 + $1.utf8.count }

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
}

var walls: [Double] = []
var cpus: [Double] = []
var sections = 0
for _ in 0..<runs {
    let cpuStart = cpuSeconds()
    let start = ContinuousClock.now
    sections = 0
    for (index, text) in texts.enumerated() {
        let document = CooklangParser.parse(text, path: "r\(index).cook")
        sections += document.sections.count
    }
    let wall = ContinuousClock.now - start
    walls.append(Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18)
    cpus.append(cpuSeconds() - cpuStart)
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
print(
    "\(count) recipes, \(bytes / count) bytes each on average, \(sections) sections; "
        + "median of \(runs) runs: wall \(String(format: "%.1f", median(walls) * 1000)) ms, "
        + "CPU \(String(format: "%.1f", median(cpus) * 1000)) ms "
        + "(min wall \(String(format: "%.1f", walls.min()! * 1000)) ms)")
