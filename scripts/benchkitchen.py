#!/usr/bin/env python3
"""The benchmark kitchen: a deterministic Larder data folder of any size.

Shared by scripts/bench and scripts/bench-serve so both measure the same
folder. Python 3 standard library only.

    python3 scripts/benchkitchen.py 1000 /dev/shm/larder-bench/1000/kitchen
    python3 scripts/benchkitchen.py 1000 DIR --hugo HUGO_DIR
    python3 scripts/benchkitchen.py 1000 DIR --format cook

For N recipes it writes:
  - recipes/: three in four in Markdown (front matter and body, about 1.8 KB
    each), one in four in JSON; ingredient lines with quantities, units and
    notes, groups, direction sections, notes, nutrition, tags; one in 40 a
    "basics" recipe that others use as a sub-recipe; one in seven with an
    image (copied from Examples/kitchen/images when that folder is given);
  - lists/: N/10 lists (at least one): shopping lists with @store, #category
    and !priority markers, notes and ticked items, half of them shopping for
    one to three recipes at given servings, one in ten unlisted (building
    needs LARDER_SECRET), one in five in JSON with prices; checklists and
    collections one in ten each;
  - larder.json with four stores and their aisles, extra categories, pantry
    and catalog; favorites.json.
With `--format markdown` every recipe is Markdown, and with `--format cook`
every recipe is a Cooklang `.cook` file with the same content (metadata in
front matter, the ingredients marked where the steps use them, the rest
named in the first step, timers and cookware marked, no nutrition): one in
five in recipes/, the rest in a folder per category at the top with the
title and number as the file name (`Dinner/Smoky chicken stew 12.cook`, id
`dinner-smoky-chicken-stew-12`); sub-recipes are references
(`@./Basics/Pizza dough 41{1%batch}`). Lists are the same in every format.
The same N and format always give the same bytes. `larder check` passes on
it with no warnings. The first list is the `current` one: a Markdown shopping list
that pulls in three recipes, one of them a JSON recipe and one using a
sub-recipe; the benchmark shares and prints it.
"""

import json
import os
import random
import shutil
import sys

# Bump whenever the output changes: a kitchen on disk is reused only when its
# stamp has the same version and size.
VERSION = 1
STAMP = ".bench-kitchen.json"
# "mixed": three recipes in four in Markdown, one in JSON (the default, what
# the benchmark's figures in docs/performance.md are for); "markdown" and
# "cook": every recipe in that format, the same recipes, to compare the two.
FORMATS = ("mixed", "markdown", "cook")
# The folder of a Cooklang recipe outside recipes/, by category.
COOK_FOLDERS = {"breakfast": "Breakfast", "lunch": "Lunch", "dinner": "Dinner", "dessert": "Desserts",
                "snack": "Snacks", "side": "Sides", "drink": "Drinks", "basics": "Basics"}

STORES = [
    {"id": "market-hall", "name": "Market Hall", "address": "Eisenbahnstraße 42, 10997 Berlin",
     "location": {"lat": 52.5003, "lon": 13.4317},
     "aisles": ["produce", "bakery", "cheese-counter", "meat", "seafood", "dairy", "eggs", "pantry",
                "spices", "condiments", "breakfast", "snacks", "beverages", "frozen", "household",
                "personal-care", "pet", "other"]},
    {"id": "farmers-market", "name": "Saturday Farmers' Market", "url": "https://example.org/market/",
     "aisles": ["bakery", "eggs", "cheese-counter", "produce"]},
    {"id": "corner-shop", "name": "Corner Shop",
     "aisles": ["beverages", "snacks", "dairy", "bakery", "household"]},
    {"id": "drugstore", "name": "Corner Drugstore", "aisles": ["personal-care", "baby", "household", "pet"]},
]
EXTRA_CATEGORIES = [
    {"id": "cheese-counter", "name": "Cheese counter", "emoji": "🧀"},
    {"id": "outdoor", "name": "Outdoor gear", "emoji": "⛺"},
    {"id": "books", "name": "Books", "emoji": "📚"},
    {"id": "restaurants", "name": "Restaurants", "emoji": "🍽️"},
]

# (amounts to pick from, name, notes to pick from; "" is no note)
INGREDIENTS = [
    (["200 g", "1 1/2 cups", "250 g", "500 g"], "all-purpose flour", ["", "sifted"]),
    (["1 cup", "250 ml", "1/2 cup", "400 ml"], "milk", ["", "warm"]),
    (["2", "3", "4", "1"], "eggs", ["", "beaten", "at room temperature"]),
    (["3 tbsp", "50 g", "2 tbsp", "1/4 cup"], "butter", ["melted", "", "softened"]),
    (["1 tsp", "1/2 tsp", "1 pinch"], "salt", [""]),
    (["500 g", "1 kg", "750 g"], "potatoes", ["peeled and diced", "", "scrubbed"]),
    (["2", "1", "3"], "onions", ["finely chopped", "sliced", ""]),
    (["3 cloves", "2 cloves", "4 cloves"], "garlic", ["minced", "grated", "crushed"]),
    (["400 ml", "1 can", "200 ml"], "coconut milk", [""]),
    (["2 tbsp", "1 tbsp", "3 tbsp"], "olive oil", ["", "plus more to serve"]),
    (["250 g", "300 g", "1 cup"], "basmati rice", ["rinsed", ""]),
    (["2", "3", "4"], "carrots", ["diced", "grated", "in batons"]),
    (["1/2 tsp", "1 tsp"], "black pepper", ["freshly ground", ""]),
    (["100 g", "2 tbsp", "1/3 cup"], "sugar", [""]),
    (["1", "2"], "lemons", ["zested and juiced", "in wedges", ""]),
    (["600 g", "500 g", "4"], "chicken thighs", ["boneless, in chunks", "skin on", ""]),
    (["400 g", "1 can", "2 cans"], "crushed tomatoes", [""]),
    (["1 tbsp", "2 tsp"], "tomato paste", [""]),
    (["1 tsp", "2 tsp", "1/2 tsp"], "ground cumin", [""]),
    (["1 tsp", "½ tsp", "2 tsp"], "smoked paprika", [""]),
    (["1.5 l", "1 l", "750 ml"], "vegetable stock", ["hot", ""]),
    (["250 g", "200 g", "1 cup"], "red lentils", ["rinsed", ""]),
    (["200 g", "150 g", "100 g"], "feta", ["crumbled", ""]),
    (["1", "2"], "cucumbers", ["sliced", "diced"]),
    (["4", "6", "500 g"], "tomatoes", ["in wedges", "chopped", ""]),
    (["1 bunch", "2 tbsp", "1 handful"], "parsley", ["chopped", "leaves picked"]),
    (["1 bunch", "1 handful"], "cilantro", ["chopped", "to serve"]),
    (["2 tsp", "1 tbsp"], "garam masala", [""]),
    (["1 tbsp", "1 piece"], "ginger", ["grated", "peeled and sliced"]),
    (["250 g", "200 g", "125 g"], "mozzarella", ["torn", "drained"]),
    (["30 g", "50 g", "1/4 cup"], "parmesan", ["finely grated", ""]),
    (["400 g", "500 g", "350 g"], "spaghetti", [""]),
    (["300 g", "250 g"], "mushrooms", ["sliced", "quartered"]),
    (["200 g", "100 g", "1 bag"], "baby spinach", ["", "washed"]),
    (["1 can", "400 g", "2 cans"], "chickpeas", ["drained and rinsed"]),
    (["150 g", "200 g", "1 cup"], "greek yogurt", [""]),
    (["2 tsp", "1 tsp"], "baking powder", [""]),
    (["1 tsp", "½ tsp"], "vanilla extract", [""]),
    (["100 g", "75 g"], "dark chocolate", ["chopped", "melted"]),
    (["1/2 cup", "50 g"], "walnuts", ["toasted", "roughly chopped"]),
    (["2 tbsp", "1 tbsp"], "soy sauce", [""]),
    (["1 tbsp", "2 tsp"], "sesame oil", [""]),
    (["4", "2", "6"], "spring onions", ["sliced"]),
    (["1", "2"], "red bell peppers", ["in strips", "diced"]),
    (["2", "1"], "zucchini", ["in half moons", "grated"]),
    (["400 g", "500 g"], "salmon", ["skinned, in 4 pieces", ""]),
    (["1 tbsp", "2 tbsp"], "honey", [""]),
    (["1 tbsp", "2 tsp"], "dijon mustard", [""]),
    (["2 tbsp", "1 tbsp"], "red wine vinegar", [""]),
    (["1 tsp", "2 tsp"], "dried oregano", [""]),
    (["1 pinch", "1/2 tsp"], "chili flakes", ["", "to taste"]),
    (["250 g", "200 g"], "ricotta", [""]),
    (["1 1/4 cups", "300 ml"], "buttermilk", [""]),
    (["2 cups", "200 g"], "rolled oats", [""]),
    (["1 cup", "150 g"], "blueberries", ["fresh or frozen"]),
    (["500 g", "400 g"], "ground beef", [""]),
    (["200 g", "150 g"], "bacon", ["in lardons", "chopped"]),
    (["1", "2"], "leeks", ["sliced and washed"]),
    (["2 sprigs", "1 tsp"], "thyme", ["leaves picked", ""]),
    (["300 g", "400 g"], "penne", [""]),
]
ALWAYS = ["salt, to taste", "black pepper, to taste", "2 tbsp olive oil (optional)", "basil, to finish"]
ADJECTIVES = ["Smoky", "Lemony", "Spiced", "Crispy", "Slow-cooked", "Grandma's", "Quick", "Creamy",
              "Roasted", "Herby", "Sticky", "Golden", "Sunday", "One-pan", "Summer", "Winter"]
MAINS = ["chicken", "lentil", "mushroom", "salmon", "chickpea", "pumpkin", "beef", "tofu", "potato",
         "tomato", "spinach", "leek", "bean", "cauliflower", "aubergine", "halloumi", "pork", "prawn"]
DISHES = ["stew", "soup", "salad", "curry", "traybake", "pasta", "risotto", "pie", "tacos", "bowl",
          "gratin", "fritters", "flatbreads", "skewers", "hash", "bake"]
BASICS = ["Pizza dough", "Tomato sauce", "Shortcrust pastry", "House vinaigrette", "Chicken stock",
          "Flatbread dough", "Basil pesto", "Curry paste", "Garlic butter", "Pickled onions"]
CATEGORIES = ["breakfast", "lunch", "dinner", "dinner", "dinner", "dessert", "snack", "side", "drink"]
CUISINES = ["Italian", "Indian", "Turkish", "Greek", "Mexican", "Japanese", "American", "French", "Thai"]
TAGS = ["vegetarian", "vegan", "quick", "weeknight", "make-ahead", "freezer-friendly", "party", "summer",
        "winter", "baking", "gluten-free", "one-pot", "kids", "spicy", "comfort", "picnic"]
AUTHORS = ["Ana Souza", "Ben Hartmann", "Chris Papadakis", "Nur Yılmaz", "Ruth Miller"]
STEPS = [
    "Heat the {a} in a wide pan over medium heat and cook the {b} for {n} minutes, stirring now and then.",
    "Add the {a} and {b} and stir for a minute, until *fragrant*.",
    "Pour in the {a}, bring to a boil, then lower the heat and simmer for {n} minutes.",
    "Meanwhile, whisk the {a} with the {b} in a bowl and season well.",
    "Heat the oven to {t} °C and line a tray with baking paper.",
    "Spread the {a} on the tray and roast for {n} minutes, turning once, until golden at the edges.",
    "Fold in the {a} and check the seasoning; add a squeeze of lemon if it needs lifting.",
    "Leave to rest for {n} minutes before serving, so the flavours settle.",
    "Blend until smooth, or leave it chunky if you prefer. **Do not** fill the blender more than half full.",
    "Serve with the {a} on the side and a drizzle of olive oil.",
    "Season the {a} generously with salt and pepper, then brown it in batches so the pan stays hot; set aside on a plate.",
    "Stir the {a} through the {b}, cover with a lid and cook gently for {n} minutes, until everything is tender.",
    "Taste, adjust the salt, and scatter over the {a} just before it goes to the table.",
    "Toast the {a} in a dry pan for {n} minutes, shaking often, until it smells nutty. Tip onto a plate to cool.",
]
DESCRIPTIONS = [
    "A dependable weeknight dinner that comes together while the rice cooks. Leftovers keep well.",
    "Bright, fresh and filling: the kind of thing we make when the market is full of good vegetables.",
    "Comfort food for cold evenings. It tastes even better the next day, so make a double batch.",
    "Quick to put together and easy to scale up for a crowd; the kids ask for it every week.",
]
DESCRIPTIONS_MORE = [
    "Most of the work is chopping, so put some music on.",
    "Adapted from a recipe card found in a second-hand cookbook, with less sugar and more garlic.",
    "Everything can be prepared a day ahead and finished in twenty minutes.",
    "Use whatever vegetables are in the fridge: the method matters more than the list.",
]
SOURCES = ["Grandma Ruth's recipe box", "https://example.org/notebook/", "The Weeknight Cookbook, p. 112",
           "Family recipe"]
NOTES = [
    "Keeps for three days in the fridge. Reheat gently with a splash of water.",
    "For a vegetarian version, swap the meat for two cans of chickpeas and use vegetable stock.",
    "Freezes well for up to a month: cool it completely first and freeze in portions.",
]
LIST_ITEMS = {  # category heading -> item lines (without the checkbox)
    "Produce": ["2 avocados", "1 kg apples @farmers-market", "3 lemons !high (for the dressing)",
                "500 g cherry tomatoes", "4 bananas", "spinach !low", "ginger (a thumb-sized piece)",
                "1 cucumber", "2 red onions", "1 bunch parsley"],
    "Bakery": ["1 sourdough bread @farmers-market", "6 croissants", "1 baguette !high"],
    "Cheese counter": ["200 g gruyère", "150 g parmesan", "1 burrata (for Saturday)"],
    "Dairy": ["2 l oat milk", "500 g greek yogurt", "250 g butter", "1 l whole milk @corner-shop"],
    "Pantry": ["1 kg basmati rice", "500 g spaghetti", "2 cans crushed tomatoes", "1 jar tahini #condiments"],
    "Herbs & spices": ["smoked paprika", "nutmeg !low", "ground cumin"],
    "Household": ["dish soap !high", "toilet paper (the 9-roll pack)", "trash bags @drugstore"],
    "Personal care": ["toothpaste @drugstore", "sunscreen !high @drugstore"],
}
EXTRA_ITEMS = ["1 l orange juice #beverages", "4 sausages #meat (for the barbecue)",
               "3 kg charcoal #household @market-hall !low", "dark chocolate #snacks", "12 eggs #eggs @farmers-market"]
JSON_ITEMS = [
    {"name": "ground coffee", "quantity": 2, "price": 7.49, "note": "500 g bags", "priority": "high",
     "requestedBy": "Ben", "added": "2025-03-01"},
    {"name": "rolled oats", "quantity": "1 1/2", "unit": "kg", "price": 2.4, "added": "2025-03-01"},
    {"name": "basmati rice", "quantity": 2, "unit": "kg", "price": 3.2, "requestedBy": "Ana", "added": "2025-03-02"},
    {"name": "olive oil", "quantity": 1, "unit": "l", "price": 9.9, "note": "the Greek one in the tin"},
    {"name": "crushed tomatoes", "quantity": 6, "unit": "can", "price": 1.19, "added": "2025-03-02"},
    {"name": "coconut milk", "quantity": 4, "unit": "can", "price": 1.59},
    {"name": "sourdough bread", "quantity": 2, "price": 5.5, "store": "farmers-market", "url": "https://example.org/bakery"},
    {"name": "honey", "quantity": 1, "price": 6.5, "checked": True, "store": "farmers-market"},
    {"name": "toilet paper", "quantity": 1, "price": 4.95, "note": "24 rolls", "store": "drugstore"},
    {"name": "dishwasher tablets", "quantity": 1, "price": 6.49, "category": "household", "store": "drugstore"},
    {"name": "cat food", "quantity": 12, "unit": "can", "price": 0.89, "priority": "low", "category": "pet"},
    {"name": "sparkling water", "quantity": 12, "unit": "l", "price": 0.45},
]
PACKING = {"Outdoor gear": ["tent", "2 sleeping bags", "headlamps !high (check the batteries)", "camping stove",
                            "2 gas canisters", "first aid kit", "pocket knife"],
           "Food": ["trail mix", "marshmallows", "4 instant noodles", "250 g ground coffee"],
           "Wash bag": ["sunscreen !high", "insect repellent", "2 toothbrushes", "matches #household"]}
PLACES = [("Trattoria Lucia", "Berlin", "Roman"), ("Noodle Bar Hana", "Berlin", "Japanese"),
          ("Café Morgenrot", "Leipzig", "brunch"), ("Meze House", "Hamburg", "Turkish"),
          ("Taquería Sol", "Munich", "Mexican"), ("Bistro Nord", "Kiel", "French")]


def recipe_id(i):
    """The id of recipe i (stable: the benchmark and tests name recipes by it)."""
    if is_basics(i):
        return f"{slug(BASICS[(i // 40) % len(BASICS)])}-{i}"
    rng = random.Random(i * 7919)
    return f"{slug(title_of(rng))}-{i}"


def is_basics(i):
    return i % 40 == 1


def is_json_recipe(i):
    return i % 4 == 3


def recipe_file(i, fmt="mixed"):
    """recipes/<id>.md or .json, or the .cook file, relative to the kitchen."""
    if fmt == "cook":
        return cook_file(i)
    return f"recipes/{recipe_id(i)}.{'json' if fmt == 'mixed' and is_json_recipe(i) else 'md'}"


def title_and_category(i):
    """The title and category recipe i gets (the first draws of its random
    sequence, as Recipe makes them)."""
    if is_basics(i):
        return BASICS[(i // 40) % len(BASICS)], "basics"
    rng = random.Random(i * 7919)
    title = title_of(rng)
    return title, rng.choice(CATEGORIES)


def cook_file(i):
    """Where recipe i is as a .cook file: one in five in recipes/ under its
    Markdown id, the others in a folder per category under title and number."""
    if i % 5 == 0:
        return f"recipes/{recipe_id(i)}.cook"
    title, category = title_and_category(i)
    return f"{COOK_FOLDERS[category]}/{title} {i}.cook"


def reference_id(i, fmt="mixed"):
    """The id lists and favorites name recipe i by: a .cook file's id is its
    path's words (what larder derives, see docs/format.md)."""
    if fmt != "cook" or i % 5 == 0:
        return recipe_id(i)
    title, category = title_and_category(i)
    return f"{slug(COOK_FOLDERS[category])}-{slug(f'{title} {i}')}"


def list_id(j):
    if j == 0:
        return "weekly"
    kind = list_kind(j)
    stem = {"shopping": "shop", "checklist": "packing", "collection": "places"}[kind]
    return f"{stem}-{j}"


def list_kind(j):
    return "checklist" if j % 10 == 4 else "collection" if j % 10 == 1 else "shopping"


def slug(text):
    out, dash = [], False
    for ch in text.lower():
        if ch.isascii() and ch.isalnum():
            out.append(ch)
            dash = False
        elif ch != "'" and not dash and out:
            out.append("-")
            dash = True
    return "".join(out).strip("-")


def title_of(rng):
    return f"{rng.choice(ADJECTIVES)} {rng.choice(MAINS)} {rng.choice(DISHES)}"


def list_count(n):
    return max(1, n // 10)


def edit_target(n, fmt="mixed"):
    """The Markdown (or Cooklang) recipe the benchmark edits: one in the middle."""
    i = n // 2
    while is_json_recipe(i) or is_basics(i):
        i += 1
    return recipe_file(i % n, fmt)


class Recipe:
    """One recipe's fields, written as Markdown or JSON."""

    def __init__(self, n, i, images, fmt="mixed"):
        rng = random.Random(i * 7919)
        self.i = i
        if is_basics(i):
            self.title = BASICS[(i // 40) % len(BASICS)]
            self.category = "basics"
        else:
            self.title = title_of(rng)
            self.category = rng.choice(CATEGORIES)
        self.id = recipe_id(i)
        self.cuisine = rng.choice(CUISINES)
        self.tags = sorted(rng.sample(TAGS, rng.randint(1, 4)))
        self.servings = rng.choice([2, 4, 4, 4, 6, 8])
        self.yield_ = rng.choice([None, None, f"{self.servings * 3} pieces", "1 tray", "2 loaves"])
        prep, cook = rng.choice([10, 15, 20, 25, 30]), rng.choice([0, 15, 25, 40, 60, 90])
        self.prep = f"{prep} min"
        self.cook_time = (f"PT{cook}M" if rng.random() < 0.3 else f"{cook} min") if cook else None
        self.total = f"{prep + cook} min" if prep + cook < 60 else f"{(prep + cook) // 60} h {(prep + cook) % 60} min"
        self.total = self.total.replace(" 0 min", "")
        self.image = f"images/{images[i % len(images)]}" if images and i % 7 == 0 else None
        self.author = rng.choice(AUTHORS)
        self.date = f"20{rng.randint(19, 25)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        self.nutrition = None
        if rng.random() < 0.5:
            self.nutrition = {"calories": rng.randint(120, 900), "carbohydrateContent": rng.randint(5, 120),
                              "proteinContent": rng.randint(2, 60), "fatContent": rng.randint(1, 50),
                              "servingSize": "1 portion"}
        self.description = rng.choice(DESCRIPTIONS) + " " + rng.choice(DESCRIPTIONS_MORE)
        self.source = rng.choice(SOURCES) if rng.random() < 0.5 else None
        picks = rng.sample(INGREDIENTS, rng.randint(11, 15))
        lines = [f"{rng.choice(amounts)} {name}" + (f", {note}" if (note := rng.choice(notes)) else "")
                 for amounts, name, notes in picks]
        lines += rng.sample(ALWAYS, 2)
        self.names = [name for _, name, _ in picks]
        self.sub = None
        basics = len(range(1, n, 40))
        if not is_basics(i) and basics and (rng.random() < 0.125 or i == 2):
            k = 1 + 40 * rng.randrange(basics)
            self.sub = (BASICS[(k // 40) % len(BASICS)], reference_id(k, fmt), cook_file(k))
            lines.insert(0, f"1 batch [{self.sub[0]}]({self.sub[1]})")
        # Ingredient groups in one recipe in five: the first part makes the
        # base, the rest the sauce.
        self.groups = None
        if rng.random() < 0.2:
            cut = len(lines) // 2
            self.groups = [("For the base", lines[:cut]), ("For the sauce", lines[cut:])]
        self.lines = lines
        steps = []
        # Each step's template and words, for the Cooklang text.
        self.step_words = []
        for template in rng.sample(STEPS, rng.randint(7, 10)):
            a, b = rng.sample(self.names, 2)
            words = dict(a=a, b=b, n=rng.choice([2, 5, 8, 10, 15, 25]), t=rng.choice([180, 200, 220]))
            steps.append(template.format(**words))
            self.step_words.append((template, words))
        self.steps = steps
        self.sections = [("Prepare", steps[:2]), ("Cook", steps[2:])] if rng.random() < 0.2 else None
        self.notes = rng.choice(NOTES) if rng.random() < 0.8 else None

    def front_matter(self, cooklang=False):
        """The metadata both formats write: Cooklang's time keys are words
        ("prep time"), and its description is in the front matter, quoted
        (it has colons), with the source."""
        quoted = (lambda text: json.dumps(text, ensure_ascii=False)) if cooklang else (lambda text: text)
        out = ["---", f"title: {self.title}"]
        if cooklang:
            out.append(f"description: {quoted(self.description)}")
        out += [f"category: {self.category}", f"cuisine: {self.cuisine}",
                f"tags: [{', '.join(self.tags)}]", f"servings: {self.servings}"]
        if self.yield_:
            out.append(f"yield: {self.yield_}")
        prep, cook, total = ("prep time", "cook time", "time") if cooklang else ("prep_time", "cook_time", "total_time")
        out.append(f"{prep}: {self.prep}")
        if self.cook_time:
            out.append(f"{cook}: {self.cook_time}")
        out.append(f"{total}: {self.total}")
        if self.image:
            out.append(f"image: {self.image}")
        if self.source:
            out.append(f"source: {quoted(self.source)}")
        return out + [f"author: {self.author}", f"date: {self.date}"]

    def markdown(self):
        out = self.front_matter()
        if self.nutrition:
            out.append("nutrition:")
            out += [f"  {k}: {v}" for k, v in self.nutrition.items()]
        out += ["---", self.description, "", "## Ingredients", ""]
        if self.groups:
            for name, lines in self.groups:
                out += [f"### {name}", ""] + [f"- {line}" for line in lines] + [""]
        else:
            out += [f"- {line}" for line in self.lines] + [""]
        out += ["## Directions", ""]
        for name, steps in self.sections or [(None, self.steps)]:
            if name:
                out += [f"### {name}", ""]
            out += [f"{k}. {step}" for k, step in enumerate(steps, 1)] + [""]
        if self.notes:
            out += ["## Notes", "", self.notes, ""]
        return "\n".join(out)

    def cook(self):
        """The recipe as Cooklang: the same metadata (no nutrition, which
        Cooklang has no key for), the description in front matter, each
        ingredient marked where a step first names it and the others in the
        first step, minutes as timers, pans and bowls as cookware."""
        out = self.front_matter(cooklang=True) + ["---", ""]
        offset = 1 if self.sub else 0
        by_name = dict(zip(self.names, self.lines[offset:offset + len(self.names)]))
        marked = set()

        def mention(name):
            if name in marked or name not in by_name:
                return name
            marked.add(name)
            return cook_ingredient(by_name[name])

        steps = []
        for template, words in self.step_words:
            template = (template.replace("*", "").replace("{n} minutes", "~{{{n}%minutes}}")
                        .replace("a wide pan", "a #wide pan{{}}").replace("in a bowl", "in a #bowl")
                        .replace("the blender", "the #blender"))
            # Only the words the template uses: a mention marks an ingredient.
            used = {key: mention(words[key]) for key in ("a", "b") if "{" + key + "}" in template}
            steps.append(template.format(**dict(words, **used)))
        rest = [cook_ingredient(line) for name, line in by_name.items() if name not in marked]
        rest += [cook_ingredient(line) for line in self.lines[offset + len(self.names):]]
        if self.sub:
            rest.insert(0, f"@./{self.sub[2].removesuffix('.cook')}{{1%batch}}")
        steps[0] += " Have ready: " + ", ".join(rest) + "."
        cut = 2 if self.sections else 0
        for name, part in [(self.sections[0][0], steps[:cut]), (self.sections[1][0], steps[cut:])] \
                if self.sections else [(None, steps)]:
            if name:
                out += [f"== {name} ==", ""]
            for step in part:
                out += [step, ""]
        if self.notes:
            out += [f"> {self.notes}", ""]
        return "\n".join(out)

    def json(self):
        doc = {"title": self.title, "description": self.description, "category": self.category,
               "cuisine": self.cuisine, "tags": self.tags, "servings": self.servings}
        if self.yield_:
            doc["yield"] = self.yield_
        doc["prep_time"] = self.prep
        if self.cook_time:
            doc["cook_time"] = self.cook_time
        doc["total_time"] = self.total
        if self.image:
            doc["image"] = self.image
        if self.source:
            doc["source"] = self.source
        doc.update({"author": self.author, "date": self.date})
        if self.nutrition:
            doc["nutrition"] = self.nutrition
        ingredients = []
        for group, lines in self.groups or [(None, self.lines)]:
            for k, line in enumerate(lines):
                if self.sub and line.startswith("1 batch ["):
                    entry = {"name": self.sub[0], "quantity": 1, "unit": "batch", "recipe": self.sub[1]}
                elif k % 2 == 0 or group:
                    entry = ingredient_object(line)
                else:
                    ingredients.append(line)
                    continue
                if group:
                    entry["group"] = group
                ingredients.append(entry)
        doc["ingredients"] = ingredients
        if self.sections:
            doc["directions"] = [{"section": name, "steps": steps} for name, steps in self.sections]
        else:
            doc["directions"] = self.steps
        if self.notes:
            doc["notes"] = self.notes
        return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def ingredient_object(line):
    """An ingredient line as a JSON Ingredient object (the lines above are
    all "AMOUNT [UNIT] NAME[, NOTE]" or "NAME, NOTE")."""
    optional = line.endswith(" (optional)")
    line = line.removesuffix(" (optional)")
    head, _, note = line.partition(", ")
    words = head.split(" ")
    quantity, unit = None, None
    if words[0][0].isdigit() or words[0] in ("½",):
        quantity = words.pop(0)
        if words[0][0].isdigit() and "/" in words[0]:
            quantity += " " + words.pop(0)
        if len(words) > 1 and words[0] in UNITS:
            unit = words.pop(0)
    entry = {"name": " ".join(words)}
    if quantity:
        entry["quantity"] = float(quantity) if "." in quantity else int(quantity) if quantity.isdigit() else quantity
    if unit:
        entry["unit"] = unit
    if note:
        entry["note"] = note
    if optional:
        entry["optional"] = True
    return entry


def cook_ingredient(line):
    """An ingredient line as Cooklang: `@name{amount%unit}(note)`, `@?` when
    it is optional."""
    entry = ingredient_object(line)
    amount = str(entry.get("quantity", "")) + (f"%{entry['unit']}" if "unit" in entry else "")
    note = f"({entry['note']})" if "note" in entry else ""
    return f"@{'?' if entry.get('optional') else ''}{entry['name']}{{{amount}}}{note}"


UNITS = {"g", "kg", "ml", "l", "tsp", "tbsp", "cup", "cups", "can", "cans", "cloves", "pinch", "bunch",
         "handful", "bag", "jar", "piece", "sprigs"}


def shopping_markdown(j, n, rng, recipes):
    unlisted = j % 10 == 3
    out = ["---", f"title: {'Weekly groceries' if j == 0 else f'Shopping {j}'}",
           f"description: The big shop for week {j + 1}. Add things as you run out.",
           "store: market-hall", "members: [Ana, Ben]"]
    if unlisted:
        out.append("visibility: unlisted")
    out.append(f"sort: {['manual', 'alpha', 'priority'][j % 3]}")
    if recipes:
        out.append("recipes:")
        for rid, servings in recipes:
            out += [f"  - recipe: {rid}", f"    servings: {servings}"]
    out += ["---", "Farmers' market first thing, Market Hall for the rest.", ""]
    for heading in rng.sample(sorted(LIST_ITEMS), rng.randint(3, 6)):
        out += [f"## {heading}", ""]
        for item in rng.sample(LIST_ITEMS[heading], min(len(LIST_ITEMS[heading]), rng.randint(2, 4))):
            out.append(f"- [{'x' if rng.random() < 0.2 else ' '}] {item}")
        out.append("")
    out += ["## For the weekend", ""] + [f"- [ ] {item}" for item in rng.sample(EXTRA_ITEMS, 2)]
    return "\n".join(out) + "\n"


def shopping_json(j, rng, recipes):
    doc = {"title": f"Stock-up {j}", "kind": "shopping", "description": "Heavy things, bought once a month by car.",
           "store": "market-hall", "members": ["Ana", "Ben", "Chris"], "sort": "added"}
    if j % 10 == 3:
        doc["visibility"] = "unlisted"
    if recipes:
        doc["recipes"] = [{"recipe": rid, "servings": s} for rid, s in recipes]
    doc["items"] = rng.sample(JSON_ITEMS, rng.randint(6, len(JSON_ITEMS)))
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def checklist_markdown(j, rng):
    out = ["---", f"title: Packing list {j}", "kind: checklist", "description: Pack the evening before.",
           "members: [Ben, Chris]", "sort: alpha", "---"]
    for heading, items in PACKING.items():
        out += [f"## {heading}", ""] + [f"- [{'x' if rng.random() < 0.3 else ' '}] {item}" for item in items] + [""]
    return "\n".join(out)


def collection_markdown(j, rng):
    out = ["---", f"title: Places to eat {j}", "kind: collection",
           "description: Restaurants friends keep recommending.", "sort: alpha", "---", "## Restaurants", ""]
    for name, city, cuisine in rng.sample(PLACES, 4):
        out += [f"- [{'x' if rng.random() < 0.3 else ' '}] {name} !{rng.choice(['high', 'normal', 'low'])}",
                f"  - city: {city}", f"  - cuisine: {cuisine}", f"  - rating: {rng.randint(3, 5)}"]
    return "\n".join(out) + "\n"


def list_recipes(j, n, rng, fmt="mixed"):
    """Recipes a shopping list shops for: the first list three (a JSON one,
    and one that uses a sub-recipe), then every other list one to three."""
    if j == 0:
        picks = [min(2, n - 1), min(3, n - 1), n // 3]
        return [(reference_id(i, fmt), s) for i, s in zip(dict.fromkeys(picks), [6, 4, 8])]
    if j % 2:
        return []
    return [(reference_id(rng.randrange(n), fmt), rng.choice([2, 4, 6, 8])) for _ in range(rng.randint(1, 3))]


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def stamp(root):
    try:
        with open(os.path.join(root, STAMP)) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def generate(n, root, images_from=None, fmt="mixed"):
    """Writes the kitchen of n recipes into root (made when missing), unless
    a kitchen of this version, size and format is already there. Returns its
    stamp."""
    n = max(1, n)
    if fmt not in FORMATS:
        raise SystemExit(f"unknown format {fmt!r}: one of {', '.join(FORMATS)}")
    found = stamp(root)
    if (found and found.get("version") == VERSION and found.get("recipes") == n and found.get("complete")
            and found.get("format", "mixed") == fmt):
        return found
    if found is not None:
        shutil.rmtree(root)  # an older benchmark kitchen
    elif os.path.exists(root) and os.listdir(root):
        raise SystemExit(f"{root} is not empty and not a benchmark kitchen: refusing to write into it")
    # Marks the folder as ours from the start, so a run cut short is
    # replaced next time rather than refused.
    write(os.path.join(root, STAMP), json.dumps({"version": VERSION, "recipes": n, "complete": False}) + "\n")
    images = []
    if images_from and os.path.isdir(images_from):
        images = sorted(f for f in os.listdir(images_from) if not f.startswith("."))
        shutil.copytree(images_from, os.path.join(root, "images"))
    for i in range(n):
        recipe = Recipe(n, i, images, fmt)
        if fmt == "cook":
            text = recipe.cook()
        else:
            text = recipe.json() if fmt == "mixed" and is_json_recipe(i) else recipe.markdown()
        write(os.path.join(root, recipe_file(i, fmt)), text)
    for j in range(list_count(n)):
        rng = random.Random(1_000_003 + j)
        kind = list_kind(j)
        if kind == "checklist":
            name, text = f"{list_id(j)}.md", checklist_markdown(j, rng)
        elif kind == "collection":
            name, text = f"{list_id(j)}.md", collection_markdown(j, rng)
        elif j % 5 == 2:
            name, text = f"{list_id(j)}.json", shopping_json(j, rng, list_recipes(j, n, rng, fmt))
        else:
            name, text = f"{list_id(j)}.md", shopping_markdown(j, n, rng, list_recipes(j, n, rng, fmt))
        write(os.path.join(root, "lists", name), text)
    config = {"title": "Benchmark kitchen", "description": "A generated kitchen for scripts/bench.",
              "baseURL": "https://example.org/kitchen/", "language": "en", "currency": "EUR", "units": "metric",
              "current": "weekly", "stores": STORES, "categories": EXTRA_CATEGORIES,
              "pantry": ["salt", "black pepper", "olive oil", "water"],
              "catalog": {"sourdough bread": {"category": "bakery", "store": "farmers-market"},
                          "parmesan": {"category": "cheese-counter"}, "gruyère": {"category": "cheese-counter"},
                          "burrata": {"category": "cheese-counter"}, "cat food": {"store": "drugstore"}}}
    write(os.path.join(root, "larder.json"), json.dumps(config, indent=2, ensure_ascii=False) + "\n")
    favorites = {"recipes": [reference_id(i, fmt) for i in range(0, n, 97)],
                 "lists": [list_id(j) for j in range(min(3, list_count(n)))],
                 "items": ["sourdough bread", "oat milk", "dark chocolate", "ground coffee"]}
    write(os.path.join(root, "favorites.json"), json.dumps(favorites, indent=2) + "\n")
    info = {"version": VERSION, "format": fmt, "recipes": n, "lists": list_count(n),
            "json_recipes": sum(1 for i in range(n) if fmt == "mixed" and is_json_recipe(i)),
            "cook_recipes": n if fmt == "cook" else 0,
            "unlisted_lists": sum(1 for j in range(list_count(n)) if j % 10 == 3 and list_kind(j) == "shopping"),
            "list": "weekly", "edit_recipe": edit_target(n, fmt), "complete": True}
    write(os.path.join(root, STAMP), json.dumps(info, indent=2) + "\n")
    return info


def hugo_site(root, site, title="Benchmark kitchen"):
    """A minimal Hugo site with the kitchen's recipes and lists as pages:
    Markdown files as they are (YAML front matter and body), JSON files as
    JSON front matter and a Markdown body made from their items, ingredients
    and directions. A tiny theme: the title, the body and a list of pages,
    with tag and category pages as Larder makes. Reused when it was made
    from a kitchen of the same version and size."""
    made_from = stamp(root)
    if made_from and stamp(site) == made_from:
        return
    if stamp(site) is not None:
        shutil.rmtree(site)
    elif os.path.exists(site) and os.listdir(site):
        raise SystemExit(f"{site} is not empty and not a benchmark Hugo site: refusing to write into it")
    write(os.path.join(site, "hugo.toml"), "\n".join([
        'baseURL = "https://example.org/kitchen/"', f'title = "{title}"', 'languageCode = "en"',
        'disableKinds = ["RSS"]', "", "[taxonomies]", '  tag = "tags"', '  category = "category"', ""]))
    layouts = {
        "baseof.html": '<!doctype html>\n<html lang="{{ .Site.LanguageCode }}">\n<head><meta charset="utf-8">'
                       '<meta name="viewport" content="width=device-width, initial-scale=1">'
                       "<title>{{ .Title }} · {{ .Site.Title }}</title></head>\n<body>\n"
                       '<header><a href="{{ "/" | relURL }}">{{ .Site.Title }}</a></header>\n'
                       '<main>{{ block "main" . }}{{ end }}</main>\n</body>\n</html>\n',
        "single.html": '{{ define "main" }}<article><h1>{{ .Title }}</h1>\n{{ .Content }}\n'
                       '<ul>{{ range .GetTerms "tags" }}<li><a href="{{ .RelPermalink }}">{{ .LinkTitle }}</a></li>'
                       "{{ end }}</ul></article>{{ end }}\n",
        "list.html": '{{ define "main" }}<h1>{{ .Title }}</h1>\n{{ .Content }}\n<ul>\n{{ range .Pages }}'
                     '<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>\n{{ end }}</ul>{{ end }}\n',
    }
    for name, text in layouts.items():
        write(os.path.join(site, "layouts", "_default", name), text)
    for folder in ("recipes", "lists"):
        for name in sorted(os.listdir(os.path.join(root, folder))):
            source = os.path.join(root, folder, name)
            stem, ext = os.path.splitext(name)
            target = os.path.join(site, "content", folder, stem + ".md")
            if ext == ".md":
                os.makedirs(os.path.dirname(target), exist_ok=True)
                shutil.copyfile(source, target)
            else:
                with open(source, encoding="utf-8") as f:
                    write(target, json_page(json.load(f)))
    write(os.path.join(site, STAMP), json.dumps(made_from, indent=2) + "\n")


def json_page(doc):
    """A JSON recipe or list as a Hugo page: JSON front matter, Markdown body."""
    body = [doc.get("description", ""), ""]
    if "ingredients" in doc:
        body += ["## Ingredients", ""]
        for entry in doc["ingredients"]:
            if isinstance(entry, str):
                body.append(f"- {entry}")
            else:
                words = [str(entry.get(k)) for k in ("quantity", "unit", "name") if k in entry]
                body.append("- " + " ".join(words) + (f", {entry['note']}" if "note" in entry else ""))
        body += ["", "## Directions", ""]
        for entry in doc["directions"]:
            if isinstance(entry, str):
                body.append(f"1. {entry}")
            else:
                body += ["", f"### {entry['section']}", ""] + [f"1. {step}" for step in entry["steps"]]
        if "notes" in doc:
            body += ["", "## Notes", "", doc["notes"]]
    for item in doc.get("items", []):
        words = [str(item.get(k)) for k in ("quantity", "unit", "name") if k in item]
        body.append(f"- [{'x' if item.get('checked') else ' '}] " + " ".join(words))
    front = {k: v for k, v in doc.items() if k not in ("ingredients", "directions", "notes", "items", "description")}
    return json.dumps(front, indent=2, ensure_ascii=False) + "\n\n" + "\n".join(body) + "\n"


def main(argv):
    import argparse
    parser = argparse.ArgumentParser(description="Writes the benchmark kitchen.")
    parser.add_argument("recipes", type=int)
    parser.add_argument("folder")
    parser.add_argument("--images", help="folder of images to copy and use (Examples/kitchen/images)")
    parser.add_argument("--hugo", help="also write a minimal Hugo site of the same pages here")
    parser.add_argument("--format", choices=FORMATS, default="mixed",
                        help="mixed: Markdown and one in four JSON (default); markdown or cook: every recipe so")
    args = parser.parse_args(argv)
    if args.hugo and args.format == "cook":
        parser.error("--hugo needs Markdown or JSON recipes, not --format cook")
    info = generate(args.recipes, args.folder, args.images, args.format)
    if args.hugo:
        hugo_site(args.folder, args.hugo)
    print(json.dumps(info))


if __name__ == "__main__":
    main(sys.argv[1:])
