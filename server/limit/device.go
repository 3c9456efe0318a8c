package limit

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"strings"
)

// Devices signs and checks device cookies (after OWASP's "slow down online
// guessing attacks with device cookies"): a browser that logged in to an
// account gets a cookie naming it, signed by the server; its attempts on
// that account are then limited on their own ([Login]), apart from the
// attempts of everyone else at its address, and are not slowed by the
// attempts on the account from elsewhere. An attacker who hammers an
// account does not keep its owner out of it. The signing key lives as long
// as the process: after a restart (or on another node of a cluster) a
// device is unknown until its next login, and is limited as any browser.
type Devices struct {
	key []byte
}

// NewDevices returns devices signed with a new random key.
func NewDevices() *Devices {
	key := make([]byte, 32)
	rand.Read(key)
	return &Devices{key: key}
}

// mac signs a device id for an account.
func (d *Devices) mac(id, account string) string {
	m := hmac.New(sha256.New, d.key)
	m.Write([]byte(id))
	m.Write([]byte{0})
	m.Write([]byte(account))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:18])
}

// Issue returns the value of a new device cookie for account.
func (d *Devices) Issue(account string) string {
	b := make([]byte, 12)
	rand.Read(b)
	id := base64.RawURLEncoding.EncodeToString(b)
	return id + "." + d.mac(id, account)
}

// Check returns the device id of a cookie's value if it was issued for
// account, else "".
func (d *Devices) Check(value, account string) string {
	id, mac, ok := strings.Cut(value, ".")
	if !ok || len(id) != 16 || !hmac.Equal([]byte(mac), []byte(d.mac(id, account))) {
		return ""
	}
	return id
}
