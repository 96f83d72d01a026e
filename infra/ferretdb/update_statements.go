package main

import (
	"encoding/binary"
	"fmt"

	"go.mongodb.org/mongo-driver/x/bsonx/bsoncore"
)

// FerretDB v1.24.2 keeps each statement of an `update` command holding its pooled PostgreSQL
// connection until the whole command returns (handler.updateDocument defers every statement's
// query iterator to the end), and applies the statement on one more: an update of k statements
// takes k+1 connections. One bulkWrite of 100 updateOne wedged a 50-connection pool for good, with
// nothing else running. So an update weighs one slot (two connections) per two statements, and
// one that needs more slots than there are is refused, never forwarded.

const (
	checksumPresentBit = 1 << 0
	// MongoDB's BadValue: the client's command is wrong as sent; a driver does not retry it.
	badValueCode = 2
)

// slotsFor answers how many slots an update of `statements` statements takes while FerretDB runs
// it (one per two connections it holds); any other request (0 statements) takes one.
func slotsFor(statements int) int {
	return max(1, (statements+2)/2)
}

// updateStatements answers how many statements an OP_MSG `update` command carries (in its
// `updates` document sequence or array); 0 for any other request.
func updateStatements(message []byte) int {
	if len(message) < headerSize+5 || binary.LittleEndian.Uint32(message[12:16]) != opMsg {
		return 0
	}
	end := len(message)
	if binary.LittleEndian.Uint32(message[16:20])&checksumPresentBit != 0 {
		end -= 4
	}
	var body bsoncore.Document
	sequenced := -1
	for at := headerSize + 4; at < end; {
		kind := message[at]
		at++
		switch kind {
		case 0:
			doc, _, ok := bsoncore.ReadDocument(message[at:end])
			if !ok {
				return 0
			}
			body = doc
			at += len(doc)
		case 1:
			size, _, ok := bsoncore.ReadLength(message[at:end])
			if !ok || size < 4 || at+int(size) > end {
				return 0
			}
			id, docs, ok := bsoncore.ReadKey(message[at+4 : at+int(size)])
			if ok && id == "updates" {
				sequenced = countDocuments(docs)
			}
			at += int(size)
		default:
			return 0
		}
	}
	if body == nil {
		return 0
	}
	name, err := body.IndexErr(0)
	if err != nil || name.Key() != "update" {
		return 0
	}
	if sequenced >= 0 {
		return sequenced
	}
	updates, ok := body.Lookup("updates").ArrayOK()
	if !ok {
		return 0
	}
	values, err := updates.Values()
	if err != nil {
		return 0
	}
	return len(values)
}

// countDocuments counts the BSON documents laid end to end in a document sequence.
func countDocuments(docs []byte) int {
	count := 0
	for len(docs) > 0 {
		doc, rest, ok := bsoncore.ReadDocument(docs)
		if !ok || len(doc) == 0 {
			break
		}
		count++
		docs = rest
	}
	return count
}

// refusal is FerretDB's kind of answer to `request` (an OP_MSG), refusing it with BadValue.
func refusal(request []byte, statements, most int) []byte {
	reply := bsoncore.NewDocumentBuilder().
		AppendDouble("ok", 0).
		AppendString("errmsg", fmt.Sprintf(
			"this store runs at most %d update statements in one command, and this one has %d: send them in smaller batches",
			most, statements)).
		AppendInt32("code", badValueCode).
		AppendString("codeName", "BadValue").
		Build()
	message := make([]byte, headerSize+4+1, headerSize+4+1+len(reply))
	message = append(message, reply...)
	binary.LittleEndian.PutUint32(message[0:4], uint32(len(message)))
	binary.LittleEndian.PutUint32(message[4:8], 0)
	copy(message[8:12], request[4:8]) // responseTo: the request's requestID
	binary.LittleEndian.PutUint32(message[12:16], opMsg)
	// flagBits 0, then one body section (kind 0).
	return message
}
