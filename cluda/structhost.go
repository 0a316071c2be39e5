package cluda

// transferConverted is transfer for a dtype whose Go layout is not the
// device's (a struct with a complex field, say): the elements go through
// a buffer in the device's layout, which the dtype encodes and decodes.
func (a *Array) transferConverted(data any, toDevice bool) error {
	dt, n, err := a.checkSlice(data)
	if err != nil || n == 0 {
		return err
	}
	if toDevice {
		host, err := dt.Encode(data)
		if err != nil {
			return err
		}
		return a.transferBytes(host, true)
	}
	host := make([]byte, n*dt.Size())
	if err := a.transferBytes(host, false); err != nil {
		return err
	}
	return dt.Decode(host, data)
}
