import Testing
import LarderQuantities

func dump(_ p: ParsedLine) -> String {
    var s = "q=\(p.quantity.map(\.description) ?? "-") u=\(p.unit?.id ?? "-") name=\"\(p.name)\""
    if let n = p.note { s += " note=\"\(n)\"" }
    if let x = p.store { s += " @\(x)" }
    if let x = p.category { s += " #\(x)" }
    if let x = p.priority { s += " !\(x)" }
    if let x = p.recipe { s += " recipe=\(x)" }
    if p.optional { s += " optional" }
    for pr in p.problems { s += " PROBLEM[\(pr.offset) \(pr.code): \(pr.message) | \(pr.hint ?? "")]" }
    return s
}

@Test func scratchDump() {
    let items = ["2 avocados", "1 kg apples @farmers-market", "3 lemons !high (for the pancakes)", "1 l oat milk #dairy", "Milk", "2x bread", "bread x2", "500g mince", "1 dozen eggs", "a pinch of salt", "2 x 400g tins tomatoes", "Apples @Farmers Market", "Cheese #Dairy", "eggs !urgent", "bread (sourdough", "", "2 kg", "1//2 apples", "1/0 pears", "2- eggs", "3-1 lemons", "7up", "2-inch ginger", "1,5 kg potatoes", "1 t salt", "2 cloves", "½ kg carrots", "1½ l milk", "Milk @a @b", "bread x2 @bakery !low"]
    for t in items { print("ITEM  \(t) => \(dump(LineParser.parseItem(t)))") }
    let ingredients = ["200 g flour", "1 1/2 cups milk, warm", "2 eggs", "salt, to taste", "½ tsp baking soda", "1 (14 oz) can tomatoes", "2-3 cloves garlic, minced", "1 large onion, finely chopped", "3 tbsp. olive oil", "250ml water", "1 cup (240 ml) milk", "Juice of 1 lemon", "[Pizza dough](pizza-dough)", "1 batch [Pizza dough](pizza-dough)", "2 tbsp butter (optional)", "a pinch of salt", "8 oz. cream cheese, softened", "1 lb. ground beef", "2 cups all-purpose flour, plus more for dusting", "Freshly ground black pepper", "2 cups of sugar", "1-1/2 cups water", "1 to 2 tsp chili flakes", "2 fl oz cream", "1 fl. oz. rum", "1 T butter", "1 cup flour, sifted (optional)", "cilantro, optional", "2 c. sugar", "4 cups chicken stock (or water", "[Bread](https://x.com)"]
    for t in ingredients { print("INGR  \(t) => \(dump(LineParser.parseIngredient(t)))") }
}
