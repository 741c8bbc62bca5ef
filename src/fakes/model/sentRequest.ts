// The engine records a request the same way for a token count, so the shape lives beside the requests.
export {
  sentRequest,
  type SentContentPart,
  type SentMessage,
  type SentReplyRequest,
} from '../../services/requests/sentRequest.js';
