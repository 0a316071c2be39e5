// Package device holds what the plans of the computations read of a
// device: its limits as plain numbers and flags, taken once from the
// parameters cluda reports. Each plan adds what is its own (the size of
// its values, a tuning) to the Limits it is given.
package device
