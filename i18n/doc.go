// Package i18n holds Atout's translations and its in-app rules pages.
//
// Five languages are supported: English (the default and the fallback),
// French, German, Hindi and Korean. Each language has one catalog, an
// embedded JSON file under locales/ that maps stable message IDs such as
// "suit.S", "call.double" or "table.waitingFor" to text. Messages may hold
// named placeholders written {name}; [T] fills them from an [Args] map, and
// [Plural] picks the ".one" or ".other" form of a counted message. A missing
// message falls back to English, then to the key itself, so a gap shows up in
// the interface instead of breaking it. The server sends [Catalog] to the
// browser as JSON, where the same {name} syntax is filled in by the client.
//
// The wording follows the project's reference rules pages: German writes
// no-trump "SA" (Sans Atout) and says "Alleinspieler", "Dummy", "Kontra";
// Hindi and Korean use the terms of their bridge and belote pages.
//
// [CardName], [SuitName], [SeatName], [SideName], [RankName], [StrainName],
// [VulName], [CallName] and [ContractName] name the game objects in a language.
// [Match] picks a language from an HTTP Accept-Language header. [RulesPage]
// returns the rules of bridge or belote as a page of sections of safe HTML,
// rendered once from the small markup sources embedded under rules/.
package i18n
