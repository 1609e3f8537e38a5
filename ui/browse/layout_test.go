package browse

import (
	"testing"

	"github.com/dryfire-tui/dryfire-tui/ui/frame"
)

func TestComputeLayout(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		w, h int
		want frame.Layout
	}{
		"wide splits": {160, 45, frame.Layout{Width: 160, Height: 45, BodyY: 1, BodyH: 42, Split: true,
			ListW: 60, DetailX: 61, DetailW: 99, StatusY: 43, FooterY: 44}},
		"120 columns": {120, 35, frame.Layout{Width: 120, Height: 35, BodyY: 1, BodyH: 32, Split: true,
			ListW: 48, DetailX: 49, DetailW: 71, StatusY: 33, FooterY: 34}},
		"just split": {90, 20, frame.Layout{Width: 90, Height: 20, BodyY: 1, BodyH: 17, Split: true,
			ListW: 36, DetailX: 37, DetailW: 53, StatusY: 18, FooterY: 19}},
		"80x24 one pane": {80, 24, frame.Layout{Width: 80, Height: 24, BodyY: 1, BodyH: 21,
			ListW: 80, DetailW: 80, StatusY: 22, FooterY: 23}},
		"60x15 one pane": {60, 15, frame.Layout{Width: 60, Height: 15, BodyY: 1, BodyH: 12,
			ListW: 60, DetailW: 60, StatusY: 13, FooterY: 14}},
		"smallest": {40, 8, frame.Layout{Width: 40, Height: 8, BodyY: 1, BodyH: 5,
			ListW: 40, DetailW: 40, StatusY: 6, FooterY: 7}},
		"too narrow": {39, 30, frame.Layout{Width: 39, Height: 30, TooSmall: true}},
		"too short":  {100, 7, frame.Layout{Width: 100, Height: 7, TooSmall: true}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got := computeLayout(tc.w, tc.h)
			if got != tc.want {
				t.Errorf("computeLayout(%d, %d)\n got %+v\nwant %+v", tc.w, tc.h, got, tc.want)
			}
			if !got.TooSmall {
				if got.BodyY+got.BodyH+frame.FooterRows != tc.h {
					t.Errorf("rows do not add up: %+v", got)
				}
				if got.Split && got.ListW+1+got.DetailW != tc.w {
					t.Errorf("columns do not add up: %+v", got)
				}
			}
		})
	}
}
