// Package bridgebot is Atout's bridge card-play bot: declarer play, defence
// and opening leads by sampling.
//
// At every card the bot draws deals consistent with everything its seat
// knows (its own hand, dummy once it is down, the cards played, the suits
// players have shown out of, and the hand ranges of every call of the
// auction as the bidding system explains them), solves each sample double
// dummy with bridge/dd, and plays the card with the best expected result for
// the scoring in force: the most tricks on average at matchpoints, the best
// chance of making (declarer) or defeating (defenders) the contract at IMPs
// or rubber. Opening leads are chosen the same way, from more samples that
// must also replay the auction with the bidding system, blended with the
// lead conventions' score of each card (which decide alone when no sample
// is solved in time).
//
// The bot decides only from what its seat may see: [Bot.Act] reads the
// seat's [bridge.View] (declarer's view when it plays dummy's cards) and the
// public history of the deal (the auction and the cards played). It never
// looks at a hidden hand.
//
// The package also holds the measurements that `atout sim --game bridge`
// runs ([PlayDeal], [ChooseContract]).
package bridgebot
