package main

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"sync"
	"syscall"
)

// MongoDB wire protocol: every message starts with a 16-byte header of little-endian int32s
// messageLength (header included), requestID, responseTo and opCode.
const (
	headerSize    = 16
	opMsg         = 2013
	moreToComeBit = 1 << 1 // OP_MSG flagBits: the sender sends another message without a reply
	maxMessage    = 48 << 20
	// Per client connection: the buffer of each direction's reads and writes (larger messages
	// bypass them), and the largest message buffer kept for the next message.
	ioBufferSize   = 16 << 10
	keptBufferSize = 64 << 10
)

// relay forwards each client connection to FerretDB, message by message, and lets at most
// cap(slots) commands be in flight in FerretDB at once, whoever sends them: a slot is taken when
// a request is forwarded and given back when FerretDB's last reply to it has been read. An update
// of many statements takes a slot per two of them (update_statements.go).
type relay struct {
	upstream string // FerretDB's Unix socket
	slots    chan struct{}
	// Held while a request takes its slots, so that two requests of several slots never each
	// hold some and wait for the other's.
	taking sync.Mutex
}

func newRelay(upstream string, maxInFlight int) *relay {
	return &relay{upstream: upstream, slots: make(chan struct{}, maxInFlight)}
}

// take waits for n slots (at most cap(slots)); give hands them back.
func (r *relay) take(n int) {
	r.taking.Lock()
	defer r.taking.Unlock()
	for range n {
		r.slots <- struct{}{}
	}
}

func (r *relay) give(n int) {
	for range n {
		<-r.slots
	}
}

// serve accepts client connections until the listener is closed, then closes those it serves.
func (r *relay) serve(listener net.Listener) error {
	var open sync.Map
	defer open.Range(func(conn, _ any) bool {
		_ = conn.(net.Conn).Close()
		return true
	})
	for {
		client, err := listener.Accept()
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return nil
			}
			return err
		}
		open.Store(client, nil)
		go func() {
			defer open.Delete(client)
			r.relayConn(client)
		}()
	}
}

func (r *relay) relayConn(client net.Conn) {
	defer client.Close()
	server, err := net.Dial("unix", r.upstream)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb: relay:", err)
		return
	}
	defer server.Close()
	c := &relayConn{
		relay:      r,
		fromClient: bufio.NewReaderSize(client, ioBufferSize),
		toClient:   bufio.NewWriterSize(client, ioBufferSize),
		fromServer: bufio.NewReaderSize(server, ioBufferSize),
		toServer:   bufio.NewWriterSize(server, ioBufferSize),
	}
	if err := c.run(); !closedByPeer(err) {
		fmt.Fprintln(os.Stderr, "ferretdb: relay:", err)
	}
}

// closedByPeer tells the usual ends of a connection (either side closed or reset it) from
// errors worth a line in the log.
func closedByPeer(err error) bool {
	for _, end := range []error{io.EOF, net.ErrClosed, syscall.ECONNRESET, syscall.EPIPE} {
		if errors.Is(err, end) {
			return true
		}
	}
	return false
}

type relayConn struct {
	relay      *relay
	fromClient *bufio.Reader
	toClient   *bufio.Writer
	fromServer *bufio.Reader
	toServer   *bufio.Writer
	message    []byte // the message being relayed, reused
}

func (c *relayConn) run() error {
	for {
		if err := c.read(c.fromClient); err != nil {
			return err
		}
		if err := c.command(); err != nil {
			return err
		}
	}
}

// command relays the request in c.message and FerretDB's replies to it, holding a slot meanwhile.
func (c *relayConn) command() error {
	// FerretDB v1 answers every request, even an OP_MSG with moreToCome (a fire-and-forget write,
	// w: 0), whose client expects no reply: such a reply is read, to know the command is done,
	// and dropped.
	forward := !moreToCome(c.message)
	statements := updateStatements(c.message)
	slots := slotsFor(statements)
	if slots > cap(c.relay.slots) {
		if !forward {
			return nil
		}
		if _, err := c.toClient.Write(refusal(c.message, statements, 2*cap(c.relay.slots)-1)); err != nil {
			return err
		}
		return c.toClient.Flush()
	}
	c.relay.take(slots)
	defer c.relay.give(slots)
	if _, err := c.toServer.Write(c.message); err != nil {
		return err
	}
	if err := c.toServer.Flush(); err != nil {
		return err
	}
	for {
		if err := c.read(c.fromServer); err != nil {
			return err
		}
		if forward {
			if _, err := c.toClient.Write(c.message); err != nil {
				return err
			}
		}
		// An exhaust reply (moreToCome on a reply) announces another.
		if !moreToCome(c.message) {
			break
		}
	}
	if cap(c.message) > keptBufferSize {
		c.message = nil
	}
	return c.toClient.Flush()
}

// read reads one whole message into c.message.
func (c *relayConn) read(from *bufio.Reader) error {
	header, err := from.Peek(headerSize)
	if err != nil {
		return err
	}
	length := int(int32(binary.LittleEndian.Uint32(header)))
	if length < headerSize || length > maxMessage {
		return fmt.Errorf("bad message length %d", length)
	}
	if cap(c.message) < length {
		c.message = make([]byte, length)
	}
	c.message = c.message[:length]
	_, err = io.ReadFull(from, c.message)
	return err
}

// moreToCome tells whether an OP_MSG has its moreToCome flag; other op codes (OP_QUERY and its
// OP_REPLY) never do.
func moreToCome(message []byte) bool {
	if len(message) < headerSize+4 || binary.LittleEndian.Uint32(message[12:16]) != opMsg {
		return false
	}
	return binary.LittleEndian.Uint32(message[16:20])&moreToComeBit != 0
}
