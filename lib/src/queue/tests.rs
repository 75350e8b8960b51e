//! One contract, two queues: every test runs against the local queue and the local SQS the test
//! command starts (`AWS_ENDPOINT_URL_SQS`), with a one-second visibility timeout.

use super::*;

const VISIBILITY: Duration = Duration::from_secs(1);

async fn sqs() -> Queue {
    let (client, url) = crate::testing::new_local_sqs_queue("webhooks").await;
    Queue::sqs(client, url, VISIBILITY)
}

async fn both() -> [Queue; 2] {
    [Queue::local(VISIBILITY), sqs().await]
}

async fn receive(queue: &Queue) -> Vec<Message> {
    queue.receive(10, Duration::ZERO).await.expect("receive")
}

#[tokio::test]
async fn a_message_is_received_and_hidden_while_it_is_handled() {
    for queue in both().await {
        queue.send("one", Duration::ZERO).await.unwrap();
        let first = queue.receive(10, Duration::from_secs(2)).await.unwrap();
        assert_eq!(first.len(), 1, "{queue:?}");
        assert_eq!((first[0].body.as_str(), first[0].receive_count), ("one", 1));
        assert!(receive(&queue).await.is_empty(), "hidden while handled: {queue:?}");
    }
}

#[tokio::test]
async fn a_message_not_deleted_comes_back_after_its_visibility_timeout() {
    for queue in both().await {
        queue.send("again", Duration::ZERO).await.unwrap();
        queue.receive(10, Duration::from_secs(2)).await.unwrap();
        tokio::time::sleep(VISIBILITY + Duration::from_millis(500)).await;
        let back = queue.receive(10, Duration::from_secs(2)).await.unwrap();
        assert_eq!(back.len(), 1, "at least once: {queue:?}");
        assert_eq!(back[0].receive_count, 2);
    }
}

#[tokio::test]
async fn a_deleted_message_never_comes_back() {
    for queue in both().await {
        queue.send("done", Duration::ZERO).await.unwrap();
        let received = queue.receive(10, Duration::from_secs(2)).await.unwrap();
        queue.delete(&received[0].receipt).await.unwrap();
        tokio::time::sleep(VISIBILITY + Duration::from_millis(500)).await;
        assert!(receive(&queue).await.is_empty(), "{queue:?}");
    }
}

#[tokio::test]
async fn a_delayed_message_waits_for_its_delay() {
    for queue in both().await {
        queue.send("later", Duration::from_secs(2)).await.unwrap();
        assert!(receive(&queue).await.is_empty(), "{queue:?}");
        let later = queue.receive(10, Duration::from_secs(4)).await.unwrap();
        assert_eq!(later.len(), 1, "{queue:?}");
    }
}

/// SQS may still accept a receipt from an earlier receive; the local queue, stricter, never does.
#[tokio::test]
async fn an_old_receipt_of_the_local_queue_leaves_the_message_in_place() {
    let queue = Queue::local(VISIBILITY);
    queue.send("kept", Duration::ZERO).await.unwrap();
    let first = receive(&queue).await;
    tokio::time::sleep(VISIBILITY + Duration::from_millis(100)).await;
    assert_eq!(receive(&queue).await.len(), 1, "received a second time");
    queue.delete(&first[0].receipt).await.unwrap();
    tokio::time::sleep(VISIBILITY + Duration::from_millis(100)).await;
    assert_eq!(receive(&queue).await.len(), 1, "the first receipt deleted nothing");
}
