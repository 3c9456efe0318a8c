package i18n_test

import (
	"fmt"

	"atout/card"
	"atout/i18n"
)

func Example() {
	lang := i18n.Match("de-CH,de;q=0.9,en;q=0.8")
	fmt.Println(lang, lang.Name())
	fmt.Println(i18n.T(lang, "table.waitingFor", i18n.Args{"seat": i18n.SeatName(lang, card.West)}))
	fmt.Println(i18n.CallName(lang, "3NT"), i18n.CallName(lang, "X"))
	fmt.Println(i18n.T(lang, "a11y.play", i18n.Args{"card": i18n.CardName(lang, card.MustParse("SA"))}))
	fmt.Println(i18n.Plural(i18n.Fr, "contract.tricks", 1), "/", i18n.Plural(i18n.Fr, "contract.tricks", 9))
	// Output:
	// de Deutsch
	// Warten auf West …
	// 3SA Kontra
	// Pik-Ass spielen
	// 1 levée / 9 levées
}

func ExampleRulesPage() {
	p, err := i18n.RulesPage(i18n.Hi, "belote")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Title)
	for _, s := range p.Sections[:3] {
		fmt.Printf("#%s %s\n", s.ID, s.Heading)
	}
	// Output:
	// बेलोत के नियम
	// #summary संक्षेप में
	// #cards पत्ते और खिलाड़ी
	// #classic ट्रंप के साथ
}
