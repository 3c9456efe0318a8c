// Package protocol defines the wire protocol of the Atout server: the Go
// type of every JSON body the HTTP API answers (and of the bodies it
// reads), and of every WebSocket message, client to server and server to
// client. Packages server and table build these values; the browser
// (web/static/js) reads exactly the JSON names given here.
//
// docs/protocol.md is generated from this package's files (go run
// ./protocol/gen): each file is a section, each exported type a message
// with its fields, their JSON names and types and their doc comments. A
// test fails when the committed document is out of date.
//
// The package imports only the engine's low-level packages (card, bridge,
// belote) whose values appear on the wire; those encode as text:
// card.Seat as "N", "E", "S" or "W"; card.Side as "NS" or "EW";
// card.Card as suit and rank ("SA", "H9", "DT"); bridge.Vul as "None",
// "NS", "EW" or "All"; bridge.Contract as "4SX", "3NT" or "Pass";
// bridge.Deal as a PBN deal ("N:AKQ.xxx... ..."); belote.SidePoints as
// {"NS":n,"EW":n}.
package protocol
