fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let mut times = Vec::new();
    for _ in 0..15 {
        let t = std::time::Instant::now();
        let (decls, _) = union_gen::syntax::parse(union_gen::source::FileId(0), &text);
        let parse = t.elapsed();
        let t2 = std::time::Instant::now();
        let c = decls.clone();
        let clone = t2.elapsed();
        drop(c);
        times.push((parse.as_secs_f64()*1000.0, clone.as_secs_f64()*1000.0));
    }
    times.sort_by(|a,b| a.0.partial_cmp(&b.0).unwrap());
    println!("parse median {:.1} ms, clone {:.2} ms", times[7].0, times[7].1);
}
