package page

// BackToBrowseMsg asks the root model to leave a review opened from the
// browser; the root gives it to the browse page, which reads the workspace
// again.
type BackToBrowseMsg struct{}
