import Larder
import LarderCore
import LarderQuantities

extension Share {
    /// What `--format json` prints: the share's data for scripts, more than
    /// the text says for lists (amounts exact, sources, provenance).
    public var json: JSONOutput {
        switch source {
        case .plan(let plan, let system): Self.json(plan, title: title, system: system, link: link)
        case .list(let list): Self.json(list, link: link)
        case .text:
            .lines(.fields([
                "title": .string(title),
                "lead": .array(lead.map(JSONOutput.string)),
                "sections": .lines(.array(sections.map { section in
                    .fields([
                        "heading": section.heading.map(JSONOutput.string) ?? .null,
                        "lines": .array(section.entries.map { entry in
                            switch entry {
                            case .item(let item): .string([item.amount, item.name].compactMap { $0 }.joined(separator: " "))
                            case .bullet(let text), .step(_, let text), .line(let text): .string(text)
                            }
                        }),
                    ])
                })),
            ]))
        }
    }

    /// A shopping plan for scripts: its sources, then stores, aisles and
    /// lines with each amount as shown and exact, and where it came from.
    static func json(_ plan: ShoppingPlan, title: String, system: UnitSystem?, link: String? = nil) -> JSONOutput {
        .lines(.fields([
            "title": .string(title),
            "sources": .array(plan.sources.map { source in
                .fields([
                    "kind": .string(source.kind.rawValue), "id": .string(source.id), "title": .string(source.title),
                    "servings": source.servings.map(decimal),
                ])
            }),
            "stores": .lines(.array(plan.stores.map { store in
                .fields([
                    "store": store.store.map { .string($0.id) } ?? .null,
                    "total": store.total.map(decimal),
                    "categories": .lines(.array(store.categories.map { section in
                        .fields([
                            "category": .string(section.category.id),
                            "lines": .lines(.array(section.lines.map { lineJSON($0, system: system) })),
                        ])
                    })),
                ])
            })),
            "leftOut": .array(plan.leftOut.map { .string($0.name) }),
            "total": plan.total.map(decimal),
            "link": link.map(JSONOutput.string),
        ]))
    }

    private static func lineJSON(_ line: PlanLine, system: UnitSystem?) -> JSONOutput {
        .fields([
            "name": .string(line.name),
            "amount": .string(line.amountText(in: system) ?? ""),
            "amounts": .array(line.amounts.map { amount in
                .fields([
                    "quantity": .string(amount.quantity.description),
                    "unit": (amount.unit?.id ?? amount.unitName).map(JSONOutput.string),
                    "size": amount.size.map { size in
                        .string(([size.quantity.description] + [size.unit?.id ?? size.unitName].compactMap { $0 }).joined(separator: " "))
                    },
                ])
            }),
            "category": .string(line.categoryID),
            "checked": .bool(line.checked),
            "priority": .string(line.priority.rawValue),
            "from": .array(line.provenance.map { .string($0.source.label) }),
            // Each source's own scaled amount, exact: the line's amount may
            // be rounded up to whole things.
            "provenance": .array(line.provenance.map { provenance in
                .fields([
                    "from": .string(provenance.source.label),
                    "amount": provenance.amount.map { .string($0.text(in: system)) },
                    "quantity": provenance.amount.map { .string($0.quantity.description) },
                ])
            }),
            "ticked": line.hasTicked ? .string(line.ticked.map { $0.text(in: system) }.joined(separator: " + ")) : nil,
            "store": line.storeID.map(JSONOutput.string),
            "notes": line.notes.isEmpty ? nil : .array(line.notes.map(JSONOutput.string)),
            "total": line.total.map(decimal),
        ])
    }

    /// An exact value as a JSON number with up to 4 decimals.
    private static func decimal(_ value: Rational) -> JSONOutput {
        .number(value.decimalString(maxFractionDigits: 4))
    }
}
