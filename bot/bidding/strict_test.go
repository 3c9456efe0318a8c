package bidding

// Tests see every mistake of the table as a panic.
func init() { strict = true }
