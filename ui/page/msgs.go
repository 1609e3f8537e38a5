package page

// BackToBrowseMsg asks the root model to leave a review opened from the
// browser.
type BackToBrowseMsg struct{}
