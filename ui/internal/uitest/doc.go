// Package uitest is what the tests of the app's pages share: a temporary
// git repository with one change of every kind to review ([NewFixture]),
// the recordings and tapes it is made of, key presses spelled as the
// keymaps spell them ([PressKey]), and the check of a rendered screen
// against its golden file ([CheckScreen]). Only tests import it.
package uitest
