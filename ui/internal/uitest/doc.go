// Package uitest is what the tests of the app's pages share: a fake
// backend over fixed recordings for the browser ([FakeBackend],
// [DemoItems], [Cassette]), a temporary git repository with one change of
// every kind to review ([NewFixture]), the recordings and tapes it is made
// of, key presses spelled as the keymaps spell them ([PressKey]), the
// check of a rendered screen against its golden file ([CheckScreen]) and
// of a screen holding hostile text ([CheckHostile]). Only tests import it.
package uitest
