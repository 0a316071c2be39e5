module github.com/reikna-go/reikna

go 1.24
