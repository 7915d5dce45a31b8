module github.com/Example/Widgets

go 1.21
