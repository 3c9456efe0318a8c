module atout

go 1.26
